import { type HostProps, PATHS } from '@ops/shared';
import { useLocation } from '@ops/ui';
import { Assistant } from '../assistant';
import { diagnosisQuery } from './diagnosis';
import { DiagnosisPage } from './diagnosis-page';
import { pageMedia } from './page-media';
import { PageSide } from './page-side';

/**
 * The parcel's root: the dialog, or in page mode the page of the route it was mounted for: the diagnosis
 * process on the diagnosis route (spec §2), the chat (with the media its query names) on the AI page.
 */
export function AssistantRoot(props: HostProps & { mode?: 'page' }) {
  const { pathname, search } = useLocation();
  if (props.mode !== 'page') return <Assistant {...props} />;
  if (pathname === PATHS.diagnosis) return <DiagnosisPage host={props} query={diagnosisQuery(search)} />;
  const media = pageMedia(search);
  if (!media) return <Assistant {...props} />;
  return (
    <div className="ops-assistant-split">
      <PageSide media={media} host={props} />
      <Assistant {...props} />
    </div>
  );
}
