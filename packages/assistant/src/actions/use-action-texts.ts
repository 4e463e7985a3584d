import { useTexts } from '@ops/ui';
import type { ExtraItem } from '../chunks';
import { NS } from '../texts';
import { blockTitle } from './media-model';
import './texts';

/** The assistant's texts, and a block's title: the item's label when it has one, else its function's. */
export function useActionTexts() {
  const { t } = useTexts(NS);
  const titleOf = (item: ExtraItem) => blockTitle(item, t(`action.${item.func}`));
  return { t, titleOf };
}
