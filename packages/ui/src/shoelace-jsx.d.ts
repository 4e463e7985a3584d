/**
 * JSX typings of the Shoelace elements the building blocks render. React 19 sets their properties and
 * listens to their events natively (`onsl-request-close` listens to `sl-request-close`).
 */
import type { CSSProperties, DetailedHTMLProps, HTMLAttributes, Ref } from 'react';

type SlBase<E = HTMLElement> = Omit<DetailedHTMLProps<HTMLAttributes<E>, E>, 'style'> & {
  ref?: Ref<E>;
  class?: string;
  style?: CSSProperties & Record<`--${string}`, string | number>;
};

type SlEvent = (event: CustomEvent) => void;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'sl-dialog': SlBase & {
        open?: boolean;
        label?: string;
        'no-header'?: boolean;
        'onsl-show'?: SlEvent;
        'onsl-after-show'?: SlEvent;
        'onsl-hide'?: SlEvent;
        'onsl-after-hide'?: SlEvent;
        'onsl-request-close'?: (
          event: CustomEvent<{ source: 'close-button' | 'keyboard' | 'overlay' }>,
        ) => void;
      };
      'sl-icon-button': SlBase & {
        name?: string;
        label?: string;
        disabled?: boolean;
      };
      'sl-icon': SlBase & { name?: string; label?: string };
      'sl-spinner': SlBase;
      'sl-tooltip': SlBase & {
        content?: string;
        placement?: 'top' | 'bottom' | 'left' | 'right' | 'top-start' | 'bottom-start';
        disabled?: boolean;
        hoist?: boolean;
        trigger?: string;
      };
    }
  }
}
