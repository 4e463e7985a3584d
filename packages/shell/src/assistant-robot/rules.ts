/**
 * The floating AI robot (spec §2, §9): a press held 1000 ms picks it up to drag; a shorter press is a
 * click that opens the assistant. Where it may be dropped: inside the window, whole.
 */

export const ROBOT_LONG_PRESS_MS = 1000;
/** Gap kept between the robot and the window's edges. */
export const ROBOT_MARGIN = 8;

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** What a press came to: held long enough it was a drag (no click follows), else a click. */
export function pressOutcome(heldMs: number): 'drag' | 'click' {
  return heldMs >= ROBOT_LONG_PRESS_MS ? 'drag' : 'click';
}

/** The robot's top-left corner for a pointer position, kept whole inside the window. */
export function dragPosition(pointer: Point, grab: Point, robot: Size, viewport: Size): Point {
  const clamp = (value: number, max: number) =>
    Math.min(Math.max(value, ROBOT_MARGIN), Math.max(ROBOT_MARGIN, max));
  return {
    x: clamp(pointer.x - grab.x, viewport.width - robot.width - ROBOT_MARGIN),
    y: clamp(pointer.y - grab.y, viewport.height - robot.height - ROBOT_MARGIN),
  };
}

/**
 * What a request to open the assistant does: the first one mounts the parcel (its code loads only now,
 * P2), which opens itself; later ones go to the mounted parcel on the bus. A request carrying a question
 * that mounted the parcel is handed on once the parcel is mounted.
 */
export function openAction(
  mounted: boolean,
  request: { question?: string },
): 'mount' | 'mount-then-publish' | 'publish' {
  if (mounted) return 'publish';
  return request.question ? 'mount-then-publish' : 'mount';
}
