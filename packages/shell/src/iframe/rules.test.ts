import { expect } from '@esm-bundle/chai';
import { FOREIGN_SANDBOX, framePlanOf, SAME_ORIGIN_SANDBOX } from './rules';

const page = { origin: 'https://ops.example.com', frameOrigins: ['https://report.example.com'] };

describe('iframe route: what it embeds (spec §2 Routes)', () => {
  it('embeds a same-origin page with scripts and its own origin', () => {
    expect(framePlanOf('/embedded/station-report.html?day=1#top', page)).to.deep.equal({
      kind: 'frame',
      src: '/embedded/station-report.html?day=1#top',
      sandbox: SAME_ORIGIN_SANDBOX,
      foreign: false,
    });
    expect(framePlanOf('https://ops.example.com/embedded/a.html', page)).to.include({
      src: '/embedded/a.html',
      foreign: false,
    });
  });

  it('embeds a listed foreign origin without allow-same-origin next to allow-scripts', () => {
    const plan = framePlanOf('https://report.example.com/daily?id=7', page);
    expect(plan).to.deep.equal({
      kind: 'frame',
      src: 'https://report.example.com/daily?id=7',
      sandbox: FOREIGN_SANDBOX,
      foreign: true,
    });
    expect(FOREIGN_SANDBOX.split(' ')).to.include('allow-scripts').and.not.include('allow-same-origin');
  });

  it('refuses what it must not embed, saying why', () => {
    const rows: [string, string][] = [
      ['https://evil.example.net/x', 'origin'],
      ['//report.example.com/daily', 'invalid'],
      ['http://report.example.com/daily', 'origin'],
      ['javascript:alert(1)', 'scheme'],
      ['data:text/html,<script>1</script>', 'scheme'],
      ['/index', 'console'],
      ['/station-monitor/overview/index', 'console'],
      ['', 'invalid'],
      ['not an address', 'invalid'],
    ];
    for (const [target, reason] of rows) {
      expect(framePlanOf(target, page), target).to.include({ kind: 'refused', reason });
    }
  });
});
