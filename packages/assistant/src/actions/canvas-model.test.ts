import { expect } from '@esm-bundle/chai';
import { canvasBounds, canvasPrimitives, formatValue, parseCanvas } from './canvas-model';

const answer = {
  id: 'c1',
  name: '飞来峡主接线',
  stationId: 'HS0001',
  station_name: '飞来峡水电站',
  width: 800,
  height: 400,
  elements: [
    { kind: 'bus', x1: 10, y1: 20, x2: 700, y2: 20 },
    { kind: 'breaker', x: 100, y: 40, w: 20, h: 30, label: 'QF1' },
    { kind: 'unit', x: 90, y: 100, w: 40, h: 40 },
    { kind: 'text', x: 5, y: 390, text: '110 kV' },
    { kind: 'value', x: 140, y: 120, realId: 'R1', label: '有功', unit: 'MW' },
    { kind: 'value', x: 140, y: 140, realId: 'R2', label: '温度', unit: '℃' },
    { kind: 'hologram', x: 1, y: 1 },
    { kind: 'line', x1: 'a', y1: 0, x2: 1, y2: 1 },
    { kind: 'box', x: 0, y: 0, w: 0, h: 10 },
    'junk',
  ],
  values: { R1: 31.756, R2: null, R3: 'x' },
};

describe('canvas model', () => {
  it('reads a canvas answer; another shape is not one', () => {
    const canvas = parseCanvas(answer);
    expect(canvas).to.include({ id: 'c1', name: '飞来峡主接线', stationName: '飞来峡水电站', width: 800 });
    expect(canvas?.values).to.deep.equal({ R1: 31.756, R2: null, R3: null });
    expect(parseCanvas({ name: 'x' })).to.equal(null);
    expect(parseCanvas(null)).to.equal(null);
  });

  it('draws the known kinds in order with a class each, values written in, the rest skipped', () => {
    const canvas = parseCanvas(answer);
    expect(canvas && canvasPrimitives(canvas)).to.deep.equal([
      { shape: 'line', className: 'ops-canvas__bus', x1: 10, y1: 20, x2: 700, y2: 20 },
      { shape: 'rect', className: 'ops-canvas__breaker', x: 100, y: 40, width: 20, height: 30 },
      { shape: 'text', className: 'ops-canvas__label', x: 110, y: 55, text: 'QF1' },
      { shape: 'rect', className: 'ops-canvas__unit', x: 90, y: 100, width: 40, height: 40 },
      { shape: 'text', className: 'ops-canvas__text', x: 5, y: 390, text: '110 kV' },
      { shape: 'text', className: 'ops-canvas__value', x: 140, y: 120, text: '有功 31.76 MW' },
      {
        shape: 'text',
        className: 'ops-canvas__value ops-canvas__value--none',
        x: 140,
        y: 140,
        text: '温度 --',
      },
    ]);
  });

  it('formats values to two decimals with their unit; no data is --', () => {
    expect(formatValue(12, 'MW')).to.equal('12 MW');
    expect(formatValue(0.125)).to.equal('0.13');
    expect(formatValue(-3.1, '℃')).to.equal('-3.1 ℃');
    expect(formatValue(null, 'MW')).to.equal('--');
    expect(formatValue(undefined)).to.equal('--');
    expect(formatValue(Number.NaN)).to.equal('--');
  });

  it('bounds the drawing by the canvas size, else by what it draws with a margin', () => {
    const sized = parseCanvas(answer);
    expect(sized && canvasBounds(sized, [])).to.deep.equal({ x: 0, y: 0, width: 800, height: 400 });
    const unsized = parseCanvas({ ...answer, width: 0, height: null, elements: answer.elements.slice(0, 2) });
    expect(unsized && canvasBounds(unsized, canvasPrimitives(unsized))).to.deep.equal({
      x: 0,
      y: 10,
      width: 710,
      height: 70,
    });
    const empty = parseCanvas({ elements: [] });
    expect(empty && canvasBounds(empty, [])).to.deep.equal({ x: 0, y: 0, width: 100, height: 100 });
  });
});
