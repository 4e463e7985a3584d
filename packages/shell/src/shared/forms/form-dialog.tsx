import { Button, Dialog, type ErrorText, Form } from '@ops/ui';
import { type ReactNode, useId } from 'react';

export interface FormDialogProps {
  open?: boolean;
  /** The dialog's title and accessible name; the form's too unless `formLabel` is given. */
  title: string;
  width: string;
  className?: string;
  /** Cancel, the close button and Esc. */
  onCancel: () => void;
  cancelText: string;
  submitText: string;
  /** Called only when every field is valid. */
  onSubmit: () => void;
  busy: boolean;
  formLabel?: string;
  errorText?: ErrorText;
  labelWidth?: number;
  formClassName?: string;
  /** Above the form (a hint). */
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * A dialog around one form, with Cancel and the submit button in its footer (the button submits the form
 * by its id, so Enter in a field and the button are the same submit).
 */
export function FormDialog({
  open = true,
  title,
  width,
  className,
  onCancel,
  cancelText,
  submitText,
  onSubmit,
  busy,
  formLabel = title,
  errorText,
  labelWidth,
  formClassName,
  intro,
  children,
}: FormDialogProps) {
  const formId = useId();
  return (
    <Dialog
      open={open}
      label={title}
      width={width}
      className={className}
      onClose={onCancel}
      footer={
        <>
          <Button onClick={onCancel}>{cancelText}</Button>
          <Button variant="primary" type="submit" form={formId} loading={busy}>
            {submitText}
          </Button>
        </>
      }
    >
      {intro}
      <Form
        id={formId}
        onSubmit={onSubmit}
        label={formLabel}
        errorText={errorText}
        labelWidth={labelWidth}
        busy={busy}
        className={formClassName}
      >
        {children}
      </Form>
    </Dialog>
  );
}
