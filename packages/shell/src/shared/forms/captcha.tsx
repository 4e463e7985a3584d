import { envelopeData, type Http } from '@ops/shared';
import { TextField, type Validate } from '@ops/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { afterPaint } from '../after-paint';
import type { ShellT } from '../i18n';
import { takeEarlyCaptcha } from '../prerender-handoff';
import { requiredField } from './rules';

export interface Captcha {
  key: string;
  image: string;
}

/** A new image captcha; its key goes with the one attempt it serves (docs/api.md section 3). */
export async function fetchCaptcha(http: Http): Promise<Captcha> {
  return envelopeData(await http.get('/api/blade-system/oauth/captcha', { cancellable: 'captcha' }));
}

/**
 * An image captcha fetched on mount and again on every `refresh` (a key serves one attempt). `onRefresh`
 * runs first on each refresh, to clear the code typed for the previous image.
 */
export function useCaptcha(http: Http, onRefresh: () => void) {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const clear = useRef(onRefresh);
  clear.current = onRefresh;
  const refresh = useCallback(() => {
    // The page may have asked already, before the scripts ran (issue 31): that answer, not a second ask;
    // a code typed meanwhile is for that very image, so it stays.
    const early = takeEarlyCaptcha();
    if (!early) clear.current();
    const next = early ? early.then((body) => envelopeData<Captcha>({ data: body })) : fetchCaptcha(http);
    next.then(
      (answer) => setCaptcha(answer ?? null),
      () => setCaptcha(null),
    );
  }, [http]);
  // The first image is asked for once the form is painted: its request and the HTTP client it loads stay
  // out of the frame that paints the form.
  useEffect(() => afterPaint(refresh), [refresh]);
  return { captcha, refresh };
}

/** The captcha image beside its input; clicking it loads a new one. */
export function CaptchaImageButton({
  captcha,
  onRefresh,
  label,
  loadingText,
}: {
  captcha: Captcha | null;
  onRefresh: () => void;
  label: string;
  loadingText: string;
}) {
  return (
    <button type="button" className="ops-login__captcha-image" aria-label={label} onClick={onRefresh}>
      {captcha ? <img src={captcha.image} alt="" /> : <span>{loadingText}</span>}
    </button>
  );
}

/**
 * The captcha row of the sign-in and password forms: the code (required) and its image, which loads a new
 * one when clicked. `t` has the keys captcha, captchaImage and captchaLoading.
 */
export function CaptchaField({
  t,
  value,
  onChange,
  validate = requiredField('captcha'),
  captcha,
  onRefresh,
  className,
  card = false,
  name,
}: {
  t: ShellT;
  value: string;
  onChange: (value: string) => void;
  validate?: Validate;
  captcha: Captcha | null;
  onRefresh: () => void;
  /** The row's class (the sign-in card's, the public card's and the profile dialog's layouts differ). */
  className: string;
  /** On the sign-in card the label also shows as the placeholder. */
  card?: boolean;
  name?: string;
}) {
  return (
    <div className={className}>
      <TextField
        label={t('captcha')}
        placeholder={card ? t('captcha') : undefined}
        value={value}
        onChange={onChange}
        validate={validate}
        name={name}
        autoComplete="off"
        required
      />
      <CaptchaImageButton
        captcha={captcha}
        onRefresh={onRefresh}
        label={t('captchaImage')}
        loadingText={t('captchaLoading')}
      />
    </div>
  );
}
