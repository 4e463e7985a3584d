import { crashEntry, ErrorBoundary } from '@ops/ui';
import type { ComponentType } from 'react';
import type { ExtraItem } from '../chunks';
import type { Selection } from '../messages';
import { CanvasBlock } from './canvas';
import { ControlBlock } from './control-block';
import { DiagnoseBlock } from './diagnose-block';
import { type ActionFunc, isActionFunc } from './funcs';
import { HistoryChartBlock } from './history-chart';
import { InstructBlock } from './instruct-block';
import { KnowledgeBlock } from './knowledge';
import { MenuBlock } from './menu-block';
import { PickerBlock } from './picker-block';
import { RealDataBlock } from './real-data-block';
import { SelectBlock } from './select-block';
import type { ActionBlockProps, ActionContext } from './types';
import { useActionTexts } from './use-action-texts';
import { VideoBlock } from './video';

/** The block of each function (docs/assistant-actions.md); select_number has its own (it shows an outcome). */
const BLOCKS: Record<Exclude<ActionFunc, 'select_number'>, ComponentType<ActionBlockProps>> = {
  choose_station: PickerBlock,
  stations_num: PickerBlock,
  choose_scada: PickerBlock,
  choose_canvas: PickerBlock,
  choose_video: PickerBlock,
  choose_fault: PickerBlock,
  choose_instruct: PickerBlock,
  choose_menu: PickerBlock,
  show_data: RealDataBlock,
  show_param: RealDataBlock,
  choose_yc: RealDataBlock,
  confirm_yk: ControlBlock,
  control_device: ControlBlock,
  result_diagnose: DiagnoseBlock,
  open_menu: MenuBlock,
  open_instruct: InstructBlock,
  record: InstructBlock,
  history_data: HistoryChartBlock,
  open_canvas: CanvasBlock,
  open_video: VideoBlock,
  knowledge: KnowledgeBlock,
};

function BlockFailed() {
  const { t } = useActionTexts();
  return (
    <p className="ops-assistant__error" role="alert">
      {t('action.blockFailed')}
    </p>
  );
}

/** An answer's action blocks, in the order of its extras; an unknown function shows nothing. */
export function ActionBlocks({
  extras,
  ctx,
  selection,
}: {
  extras: readonly ExtraItem[];
  ctx: ActionContext;
  selection: Selection | null;
}) {
  const known = extras.filter((item) => isActionFunc(item.func));
  if (known.length === 0) return null;
  return (
    <div className="ops-assistant__actions">
      {known.map((item, index) => {
        const key = `${index}-${item.func}`;
        // One block failing (a shape no check foresaw) leaves the answer and the other blocks standing.
        if (item.func === 'select_number')
          return <SelectBlock key={key} item={item} ctx={ctx} selection={selection} />;
        const Block = BLOCKS[item.func as Exclude<ActionFunc, 'select_number'>];
        return (
          <ErrorBoundary
            key={key}
            label="@ops/assistant"
            fallback={() => <BlockFailed />}
            onError={(error, info) =>
              ctx.host.bus.publish('error-log:entry', crashEntry(error, info, '@ops/assistant'))
            }
          >
            <Block item={item} ctx={ctx} />
          </ErrorBoundary>
        );
      })}
    </div>
  );
}
