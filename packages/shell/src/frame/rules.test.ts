import { expect } from '@esm-bundle/chai';
import { LAYOUTS, parseLayout } from '../shared/layout-state';
import {
  type Breakpoint,
  clampSidebarWidth,
  type LayoutFrame,
  layoutFrame,
  parseSidebarWidth,
  SIDEBAR_WIDTH,
  screenBreakpoint,
  sidebarTrack,
  topMenuWidth,
  WHEEL_STEP,
  wheelScrollLeft,
} from './rules';

describe('layout: the four layouts', () => {
  const frames: [string, LayoutFrame][] = [
    ['vertical', { menuMode: 'vertical', sidebar: true, columnsBar: false, topBarFullWidth: false }],
    ['classic', { menuMode: 'vertical', sidebar: true, columnsBar: false, topBarFullWidth: true }],
    ['transverse', { menuMode: 'horizontal', sidebar: false, columnsBar: false, topBarFullWidth: true }],
    ['columns', { menuMode: 'columns', sidebar: true, columnsBar: true, topBarFullWidth: false }],
  ];
  it('there are four', () => {
    expect(LAYOUTS).to.deep.equal(['vertical', 'classic', 'transverse', 'columns']);
  });
  for (const [layout, frame] of frames) {
    it(`${layout}`, () => {
      expect(layoutFrame(parseLayout({ layout }).layout)).to.deep.equal(frame);
    });
  }
});

describe('layout: sizes (spec §9, DECISIONS 18)', () => {
  const breakpoints: [number, Breakpoint][] = [
    [1920, 3],
    [1366, 3],
    [1200, 3],
    [1199, 2],
    [992, 2],
    [991, 1],
    [768, 1],
    [767, 0],
    [0, 0],
    [-5, 0],
    [Number.NaN, 0],
  ];
  for (const [width, expected] of breakpoints) {
    it(`width ${width} is breakpoint ${expected}`, () => {
      expect(screenBreakpoint(width)).to.equal(expected);
    });
  }

  const widths: [number, number][] = [
    [300, 300],
    [210, 210],
    [400, 400],
    [209, 210],
    [0, 210],
    [-100, 210],
    [401, 400],
    [10_000, 400],
    [300.4, 300],
    [300.6, 301],
    [Number.NaN, 210],
    [Number.POSITIVE_INFINITY, 210],
  ];
  for (const [width, expected] of widths) {
    it(`a dragged sidebar of ${width} px is ${expected} px`, () => {
      expect(clampSidebarWidth(width)).to.equal(expected);
    });
  }

  it('the sidebar limits are 210 to 400, 210 at first', () => {
    expect(SIDEBAR_WIDTH).to.deep.equal({ min: 210, max: 400, initial: 210 });
  });

  const stored: [unknown, number][] = [
    [320, 320],
    ['320', 320],
    [' 320 ', 320],
    ['320.6', 321],
    ['500', 400],
    [100, 210],
    ['320px', 210],
    ['-300', 210],
    ['1e3', 210],
    ['', 210],
    ['abc', 210],
    [null, 210],
    [undefined, 210],
    [Number.NaN, 210],
    [{ width: 300 }, 210],
    [true, 210],
  ];
  for (const [value, expected] of stored) {
    it(`a persisted width of ${JSON.stringify(value)} reads as ${expected}`, () => {
      expect(parseSidebarWidth(value)).to.equal(expected);
    });
  }

  const topMenus: [number, number][] = [
    [1920, 1320],
    [1366, 766],
    [601, 1],
    [600, 700],
    [400, 700],
    [0, 700],
    [Number.NaN, 700],
  ];
  for (const [window, expected] of topMenus) {
    it(`a window of ${window} px gives a top menu of ${expected} px`, () => {
      expect(topMenuWidth(window)).to.equal(expected);
    });
  }

  it('the wheel step is 60', () => {
    expect(WHEEL_STEP).to.equal(60);
  });

  const wheel: [string, number, number, number, number][] = [
    ['down scrolls right by 60', 0, 100, 500, 60],
    ['a small delta still scrolls a whole step', 100, 3, 500, 160],
    ['up scrolls left by 60', 200, -100, 500, 140],
    ['no delta does not scroll', 200, 0, 500, 200],
    ['not past the end', 480, 100, 500, 500],
    ['not before the start', 30, -100, 500, 0],
    ['nothing to scroll', 0, 100, 0, 0],
    ['a negative max is nothing to scroll', 0, 100, -20, 0],
    ['a position past the end comes back', 800, 100, 500, 500],
    ['a non-finite position counts as 0', Number.NaN, 100, 500, 60],
    ['a non-finite delta does not scroll', 100, Number.NaN, 500, 100],
  ];
  for (const [name, left, deltaY, max, expected] of wheel) {
    it(`wheel: ${name}`, () => {
      expect(wheelScrollLeft(left, deltaY, max)).to.equal(expected);
    });
  }
});

describe('frame: the sidebar track', () => {
  const vertical = layoutFrame('vertical');
  const cases: [string, Parameters<typeof sidebarTrack>[0], string][] = [
    [
      'vertical, open at its width',
      { visual: false, frame: vertical, collapsed: false, width: 260 },
      '260px',
    ],
    [
      'vertical, collapsed to its marks',
      { visual: false, frame: vertical, collapsed: true, width: 260 },
      '64px',
    ],
    [
      'columns: the column bar beside',
      { visual: false, frame: layoutFrame('columns'), collapsed: false, width: 210 },
      '290px',
    ],
    [
      'columns, collapsed',
      { visual: false, frame: layoutFrame('columns'), collapsed: true, width: 210 },
      '144px',
    ],
    [
      'transverse: no sidebar',
      { visual: false, frame: layoutFrame('transverse'), collapsed: false, width: 300 },
      '0px',
    ],
    ['visual: its bar', { visual: true, frame: vertical, collapsed: false, width: 300 }, '142px'],
    ['visual, folded', { visual: true, frame: vertical, collapsed: true, width: 300 }, '0px'],
  ];
  for (const [name, input, expected] of cases) {
    it(name, () => {
      expect(sidebarTrack(input)).to.equal(expected);
    });
  }
});
