export type { ButtonProps, ButtonSize, ButtonVariant } from './button/button';
export { Button } from './button/button';
export type { ChartPoint, LineSeries, ZoomWindow } from './chart/chart-model';
export { CHART_COLOR_TOKENS, DEFAULT_ZOOM } from './chart/chart-model';
export type { LineChartProps } from './chart/line-chart';
export type { ConfirmDialogProps, ConfirmOptions } from './dialog/confirm';
export type { DialogCloseSource, DialogProps } from './dialog/dialog';
export { DIALOG_WIDTH } from './dialog/widths';
export type { ErrorBoundaryProps } from './error-boundary/error-boundary';
export { ErrorBoundary } from './error-boundary/error-boundary';
export type { FileKind } from './file-preview/file-kind';
export { extensionOf, fileKind, fileNameOf } from './file-preview/file-kind';
export type { FilePreviewProps } from './file-preview/file-preview';
export type { PdfViewerProps } from './file-preview/pdf-viewer';
export type {
  FieldProps,
  SelectFieldProps,
  SelectOption,
  TextareaFieldProps,
  TextFieldProps,
} from './form/fields';
export { PasswordField, SelectField, TextareaField, TextField } from './form/fields';
export type { FormProps } from './form/form';
export { Form } from './form/form';
export type { ErrorText, Validate, ValidationResult } from './form/form-context';
export type { TextParams, Translate } from './i18n/use-texts';
export { useTexts } from './i18n/use-texts';
export { IMAGE_PREVIEW_INTERVAL } from './image-viewer/constants';
export type { ImageViewerProps, ViewerImage } from './image-viewer/image-viewer';
export type { LazyComponent } from './lazy-parts';
export {
  ConfirmDialog,
  confirm,
  confirmWithCountdown,
  DataTable,
  Dialog,
  FilePreview,
  ImageViewer,
  LineChart,
  lazyComponent,
  Pagination,
  PdfViewer,
  warmUpCharts,
} from './lazy-parts';
export { CrashPanel } from './lifecycles/crash-panel';
export type { ReactLifecyclesOptions } from './lifecycles/react-lifecycles';
export { crashEntry, reactLifecycles } from './lifecycles/react-lifecycles';
export type { Submit, SubmitOptions } from './load/use-submit';
export { useSubmit } from './load/use-submit';
export { LoadFailed } from './load-failed/load-failed';
export type { MessageHandle } from './message/message';
export { message } from './message/message';
export { MessageHost } from './message/message-host';
export type { MessageOptions, MessageType } from './message/store';
export type { OverflowTooltipProps } from './overflow-tooltip/overflow-tooltip';
export { OverflowTooltip } from './overflow-tooltip/overflow-tooltip';
export { OVERFLOW_LIMIT, truncateText } from './overflow-tooltip/truncate';
export { useLocation } from './routing/use-location';
export { loadShoelace, useShoelace } from './shoelace/load-shoelace';
export { ALARM_TABLE_HEIGHT, DEFAULT_PAGE_SIZE } from './table/constants';
export type { Column, DataTableProps, RowAction } from './table/data-table';
export type { PaginationProps } from './table/pagination';
export type { StylesheetsState } from './theme/use-stylesheet';
export { useStylesheetsReady } from './theme/use-stylesheet';
