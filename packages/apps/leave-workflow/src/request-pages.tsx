import type { HostProps } from '@ops/shared';
import {
  Button,
  type Column,
  confirm,
  DataTable,
  Form,
  message,
  TextareaField,
  useSubmit,
  useTexts,
} from '@ops/ui';
import { useLoad } from '@ops/ui/load';
import { useRef, useState } from 'react';
import { completeTask, type Flag, fetchDetail, type HistoryEntry, type LeaveDetail } from './api';
import { AppLink, Failed, Loading, PageFrame } from './common';
import { COMMENT_MAX, validateComment } from './leave-form';
import { detailPath, PATHS } from './pages';
import { NS } from './texts';

type Props = Pick<HostProps, 'http' | 'signal' | 'navigate'> & {
  processInstanceId: string;
  businessId: string;
};

/** The request's fields and its history (who, what, when, comment). */
function RequestView({ detail }: { detail: LeaveDetail }) {
  const { t } = useTexts(NS);
  const columns: Column<HistoryEntry>[] = [
    { key: 'userName', title: t('request.who') },
    { key: 'action', title: t('request.what'), render: (row) => t(`action.${row.action}`) },
    { key: 'time', title: t('request.when') },
    { key: 'comment', title: t('request.comment') },
  ];
  const facts: [string, string][] = [
    [t('request.definition'), detail.processDefinitionName],
    [t('column.applicant'), detail.applicantName],
    [t('column.leaveType'), t(`leaveType.${detail.leaveType}`, { defaultValue: detail.leaveType })],
    [t('column.period'), `${detail.startTime} ~ ${detail.endTime}`],
    [t('column.reason'), detail.reason],
    [t('column.applyTime'), detail.applyTime],
    [t('column.approver'), detail.approverName],
    [t('column.status'), t(`status.${detail.status}`, { defaultValue: detail.status })],
  ];
  return (
    <>
      <h2 id="ops-leave-facts-title">{t('request.facts')}</h2>
      <dl className="ops-leave__facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {detail.task && !detail.canHandle && (
        <p className="ops-leave__meta">{t('request.waiting', { name: detail.task.assigneeName })}</p>
      )}
      <h2 id="ops-leave-history-title">{t('request.history')}</h2>
      <DataTable<HistoryEntry>
        caption={t('request.history')}
        columns={columns}
        rows={detail.history}
        rowKey={(row) => row.id}
        pagination={false}
      />
    </>
  );
}

function useDetail({ http, signal, processInstanceId, businessId }: Props) {
  return useLoad(
    async (s) => {
      const detail = await fetchDetail(http, { processInstanceId, businessId }, s);
      if (!detail) throw new Error('no detail');
      return detail;
    },
    `${processInstanceId}/${businessId}`,
    signal,
  );
}

/** Read-only detail of a request with its history. */
export function DetailPage(props: Props) {
  const { t } = useTexts(NS);
  const { load, retry: reload } = useDetail(props);
  return (
    <PageFrame id="ops-leave-detail-title" title={t('request.detailTitle')}>
      {load.state === 'loading' && <Loading />}
      {load.state === 'failed' && <Failed text={t('request.failed')} onRetry={reload} />}
      {load.state === 'done' && <RequestView detail={load.data} />}
    </PageFrame>
  );
}

/** Handling a task: the request and its history, then approve or reject with a comment. */
export function HandlePage(props: Props & { taskId: string }) {
  const { http, signal, navigate, taskId } = props;
  const { t } = useTexts(NS);
  const { load, retry: reload } = useDetail(props);
  const [comment, setComment] = useState('');
  // The button that submitted the form: the comment's rule depends on it.
  const flag = useRef<Flag>('ok');
  // A rejection is confirmed first, inside the run: a second click meanwhile opens no second question.
  const save = useSubmit(
    async (chosen: Flag) => {
      if (chosen === 'reject') {
        const sure = await confirm({
          message: t('request.rejectConfirm'),
          title: t('request.reject'),
          danger: true,
        });
        if (!sure) return null;
      }
      await completeTask(
        http,
        { taskId, processInstanceId: props.processInstanceId, flag: chosen, comment: comment.trim() },
        signal,
      );
      return chosen;
    },
    {
      signal,
      onSuccess: (chosen) => {
        if (!chosen) return;
        message.success(t(chosen === 'ok' ? 'request.approved' : 'request.rejected'));
        navigate(detailPath(props), { replace: true });
      },
      // The console's client showed why; the task may have been handled meanwhile, so read it again.
      onFailure: reload,
    },
  );

  const decide = () => {
    if (load.state !== 'done' || !validateComment(comment, flag.current).ok) return;
    void save.run(flag.current);
  };

  const mine = load.state === 'done' && load.data.canHandle && load.data.task?.taskId === taskId;
  return (
    <PageFrame id="ops-leave-handle-title" title={t('request.handleTitle')}>
      {load.state === 'loading' && <Loading />}
      {load.state === 'failed' && <Failed text={t('request.failed')} onRetry={reload} />}
      {load.state === 'done' && (
        <>
          {!mine && (
            <p role="status" className="ops-leave__meta">
              {t('request.notYours')}
            </p>
          )}
          <RequestView detail={load.data} />
          {mine && (
            <>
              <h2 id="ops-leave-decide-title">{t('request.decide')}</h2>
              <Form label={t('request.decideForm')} onSubmit={decide} busy={save.busy} errorText={t}>
                <TextareaField
                  label={t('request.commentLabel')}
                  value={comment}
                  onChange={setComment}
                  validate={(value) => validateComment(value, flag.current)}
                  maxLength={COMMENT_MAX}
                  rows={3}
                />
                <div className="ops-leave__actions">
                  <Button
                    type="submit"
                    variant="primary"
                    loading={save.busy}
                    onClick={() => (flag.current = 'ok')}
                  >
                    {t('request.approve')}
                  </Button>
                  <Button
                    type="submit"
                    variant="danger"
                    disabled={save.busy}
                    onClick={() => (flag.current = 'reject')}
                  >
                    {t('request.reject')}
                  </Button>
                </div>
              </Form>
            </>
          )}
          <p>
            <AppLink to={PATHS.todo} navigate={navigate}>
              {t('request.toTodo')}
            </AppLink>
          </p>
        </>
      )}
    </PageFrame>
  );
}
