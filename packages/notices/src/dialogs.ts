// The dialogs' chunk: loaded with the first opening of either (notices.tsx), with @ops/ui/notices.
export { AlarmDialog } from './alarm-dialog';
export { MessageDialog } from './message-dialog';
