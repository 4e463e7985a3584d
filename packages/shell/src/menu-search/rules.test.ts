import { expect } from '@esm-bundle/chai';
import { highlightRange } from './rules';

describe('menu search: the part of a name that shows the query', () => {
  const cases: [string, string, string, [number, number] | null][] = [
    ['the first occurrence', '1号机组有功功率', '功', [5, 6]],
    ['any case', 'Unit Power', 'power', [5, 10]],
    ['spaces folded and trimmed', 'Unit  Power', '  unit   ', [0, 4]],
    ['an empty query marks nothing', 'Unit', '   ', null],
    ['no occurrence', 'Unit', 'pump', null],
    ['a name whose lower case is longer is left unmarked', 'İstanbul', 'stanbul', null],
  ];
  for (const [name, text, query, expected] of cases) {
    it(name, () => {
      expect(highlightRange(text, query)).to.deep.equal(expected);
    });
  }
});
