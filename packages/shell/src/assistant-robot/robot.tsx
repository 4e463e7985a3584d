import { type AssistantRequest, createSlot, holdStylesheet, matchRoute } from '@ops/shared';
import { useLocation } from '@ops/ui';
import { type PointerEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import Parcel from 'single-spa-react/parcel';
import { defineShellTexts, useShellText } from '../shared/i18n';
import { ParcelSlot } from '../shared/parcel-slot';
import { PARCELS } from '../shared/parcels';
import type { ShellServices } from '../shared/services';
import href from './robot.css';
import { dragPosition, openAction, type Point, pressOutcome, ROBOT_LONG_PRESS_MS } from './rules';

const ROBOT_TEXTS = defineShellTexts(
  'shell-assistant-robot',
  { open: 'AI 助手', label: 'AI 助手', hint: '单击打开 AI 助手，长按 1 秒可拖动' },
  { open: 'AI assistant', label: 'AI assistant', hint: 'Click to open the AI assistant; hold 1 s to drag' },
);

const ROBOT_SIZE = { width: 56, height: 56 };

interface RobotProps {
  services: ShellServices;
}

/**
 * `/intelligentSpeech/transmit` (spec §2): the chat as a full page in the main view, the same parcel in
 * its page mode; the floating robot steps aside there.
 */
export function AssistantPage({ services: { host, loadModule } }: RobotProps) {
  const label = useShellText(ROBOT_TEXTS).t('label');
  const config = useMemo(
    () => createSlot({ specifier: PARCELS.assistant, label, loadModule, services: host }),
    [label, loadModule, host],
  );
  const target = document.getElementById('ops-main-view');
  if (!target) return null;
  return createPortal(
    <Parcel config={config} wrapWith="div" wrapClassName="ops-shell-slot ops-assistant-page" mode="page" />,
    target,
  );
}

/** The robot, except on the assistant's own pages (the route table's `assistant` page), which it steps aside for. */
export function AssistantRobot(props: RobotProps) {
  const { pathname } = useLocation();
  if (matchRoute(pathname)?.route.page === 'assistant') return null;
  return <FloatingRobot {...props} />;
}

/**
 * The floating AI robot (spec §2, §6, §9). The assistant parcel's code loads only when the robot is first
 * clicked or an `assistant:open` request arrives (P2: nothing of it on the login and chrome path); later
 * requests reach the mounted parcel on the bus. A press held 1000 ms drags the robot.
 */
function FloatingRobot({ services }: RobotProps) {
  const bus = services.bus;
  const { t } = useShellText(ROBOT_TEXTS);
  const [mounted, setMounted] = useState(false);
  const [position, setPosition] = useState<Point | null>(null);
  const [dragging, setDragging] = useState(false);
  const press = useRef<{ start: number; grab: Point; timer: number; pointerId: number } | null>(null);
  const suppressClick = useRef(false);
  const waiting = useRef<AssistantRequest | null>(null);
  const mountedRef = useRef(false);
  mountedRef.current = mounted;

  useLayoutEffect(() => holdStylesheet(href), []);

  // Requests from elsewhere (a page asking a question) before the parcel is there mount it first.
  useEffect(() => {
    const opened = bus.on('assistant:open').subscribe((request) => {
      const action = openAction(mountedRef.current, request);
      if (action === 'publish') return;
      if (action === 'mount-then-publish') waiting.current = request;
      setMounted(true);
    });
    const status = bus.on('slot:status').subscribe((slot) => {
      if (slot.specifier !== PARCELS.assistant || slot.status !== 'mounted' || !waiting.current) return;
      const request = waiting.current;
      waiting.current = null;
      bus.publish('assistant:open', request);
    });
    return () => {
      opened.unsubscribe();
      status.unsubscribe();
    };
  }, [bus]);

  const open = () => {
    if (mountedRef.current) bus.publish('assistant:open', {});
    else setMounted(true);
  };

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const target = event.currentTarget;
    const pointerId = event.pointerId;
    const timer = window.setTimeout(() => {
      setDragging(true);
      target.setPointerCapture?.(pointerId);
    }, ROBOT_LONG_PRESS_MS);
    press.current = {
      start: performance.now(),
      grab: { x: event.clientX - rect.left, y: event.clientY - rect.top },
      timer,
      pointerId,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (!dragging || !press.current) return;
    setPosition(
      dragPosition({ x: event.clientX, y: event.clientY }, press.current.grab, ROBOT_SIZE, {
        width: window.innerWidth,
        height: window.innerHeight,
      }),
    );
  };
  const endPress = () => {
    const current = press.current;
    if (!current) return;
    window.clearTimeout(current.timer);
    press.current = null;
    if (pressOutcome(performance.now() - current.start) === 'drag' || dragging) suppressClick.current = true;
    setDragging(false);
  };
  useEffect(() => () => window.clearTimeout(press.current?.timer), []);

  const style = position
    ? { left: `${position.x}px`, top: `${position.y}px` }
    : { right: '24px', bottom: '24px' };
  return (
    <>
      <button
        type="button"
        className={`ops-robot${dragging ? ' ops-robot--dragging' : ''}`}
        style={style}
        aria-label={t('open')}
        title={t('hint')}
        data-dragging={dragging || undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endPress}
        onPointerCancel={endPress}
        onClick={() => {
          if (suppressClick.current) {
            suppressClick.current = false;
            return;
          }
          open();
        }}
      >
        AI
      </button>
      {mounted && (
        <ParcelSlot
          specifier={PARCELS.assistant}
          label={t('label')}
          className="ops-shell-slot ops-assistant-slot"
          services={services}
        />
      )}
    </>
  );
}
