import type { Http } from '@ops/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { afterPaint } from '../shared/after-paint';
import { fetchCaptcha } from './auth-api';

export interface Captcha {
  key: string;
  image: string;
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
    clear.current();
    fetchCaptcha(http).then(setCaptcha, () => setCaptcha(null));
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
