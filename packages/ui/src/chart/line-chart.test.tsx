import { expect } from '@esm-bundle/chai';
import { fireEvent, waitFor, within } from '@testing-library/dom';
import { cleanup, render } from '../../test-support';
import { CHART_COLOR_TOKENS, chartTheme, type LineSeries, predictedRange, visibleRange } from './chart-model';
import { LineChart } from './line-chart';

const HOUR = 3600_000;
const start = new Date('2025-06-01T00:00:00').getTime();
const series: LineSeries[] = [
  {
    name: '有功功率',
    points: Array.from({ length: 25 }, (_, i) => ({
      ts: start + i * HOUR,
      val: 40 + 10 * Math.sin(i / 3),
      isPredict: i >= 18,
    })),
  },
  {
    name: '水位',
    points: Array.from({ length: 25 }, (_, i) => ({
      ts: start + i * HOUR,
      val: 30 + i / 2,
      isPredict: i >= 18,
    })),
  },
];

/** The default theme's values of the palette's tokens (root-config/src/frame.css). */
const PALETTE: Record<(typeof CHART_COLOR_TOKENS)[number], string> = {
  '--ops-primary': '#409eff',
  '--ops-success': '#67c23a',
  '--ops-warning': '#e6a23c',
  '--ops-danger': '#f56c6c',
  '--ops-info': '#909399',
};

const labels = (root: ParentNode) =>
  [...root.querySelectorAll('.apexcharts-xaxis-label tspan')].map((el) => el.textContent ?? '');

describe('chart model', () => {
  it('finds the predicted section and the visible window', () => {
    expect(predictedRange(series)).to.deep.equal({ from: start + 18 * HOUR, to: start + 24 * HOUR });
    expect(predictedRange([{ name: 'x', points: [{ ts: start, val: 1 }] }])).to.equal(null);
    expect(visibleRange({ min: 0, max: 100 }, { start: 0, end: 50 })).to.deep.equal({ min: 0, max: 50 });
    expect(CHART_COLOR_TOKENS).to.have.length(5);
  });

  it('takes the colours from the tokens, the text colour for ink the page lacks', () => {
    const tokens: Record<string, string> = {
      ...PALETTE,
      '--ops-border-lighter': ' #ebeef5',
      '--ops-border': '#dcdfe6',
    };
    const theme = chartTheme((token) => tokens[token] ?? '');
    expect(theme.colors).to.deep.equal(Object.values(PALETTE));
    expect(theme.ink).to.deep.equal({
      grid: '#ebeef5',
      legend: 'currentColor',
      muted: 'currentColor',
      axis: '#dcdfe6',
      strong: 'currentColor',
    });
    // Without one of the five, the series keep ApexCharts' own palette.
    expect(chartTheme((token) => (token === '--ops-info' ? '' : (tokens[token] ?? ''))).colors).to.equal(
      undefined,
    );
  });
});

describe('LineChart', () => {
  // The page's tokens, as the frame's stylesheet gives them to the console's pages.
  before(() => {
    for (const [token, value] of Object.entries(PALETTE))
      document.documentElement.style.setProperty(token, value);
  });
  after(() => {
    for (const token of Object.keys(PALETTE)) document.documentElement.style.removeProperty(token);
  });
  afterEach(cleanup);

  it('shows the no-data text without loading ApexCharts', async () => {
    const { container } = await render(
      <LineChart title="功率曲线" series={[{ name: '有功功率', points: [] }]} />,
    );
    const figure = within(container).getByRole('figure', { name: '功率曲线' });
    expect(within(figure).getByRole('status').textContent).to.equal('暂无数据');
    expect(within(container).queryByRole('button', { name: '保存为图片' })).to.equal(null);
    expect(container.querySelector('.apexcharts-canvas')).to.equal(null);
  });

  it('draws the series on a time axis with legend, palette and the shaded predicted section', async function () {
    this.timeout(15000);
    const { container } = await render(
      <LineChart title="功率曲线" series={series} unit="MW" zoom={{ start: 0, end: 100 }} />,
    );
    const figure = within(container).getByRole('figure', { name: '功率曲线' });
    // The plot is drawn once ApexCharts' own sheets have loaded.
    await waitFor(() => within(figure).getByRole('img', { name: '功率曲线' }), { timeout: 10000 });
    const svg = await waitFor(
      () => {
        const drawn = container.querySelector('svg.apexcharts-svg');
        if (!drawn) throw new Error('not drawn yet');
        return drawn;
      },
      { timeout: 10000 },
    );
    await waitFor(() =>
      expect(container.querySelectorAll('.apexcharts-series path.apexcharts-line')).to.have.length(2),
    );
    const legend = [...container.querySelectorAll('.apexcharts-legend-text')].map((el) => el.textContent);
    expect(legend).to.deep.equal(['有功功率', '水位']);
    // The plot is one named image: nothing inside it takes the focus or acts as a control.
    const plot = within(figure).getByRole('img', { name: '功率曲线' });
    expect(
      plot.querySelectorAll('[tabindex]:not([tabindex="-1"]), [role="button"], button, a[href]'),
    ).to.have.length(0);
    const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(',');
    const strokes = [...container.querySelectorAll('.apexcharts-series path.apexcharts-line')].map((p) =>
      (p.getAttribute('stroke') ?? '').replace(/\s/g, ''),
    );
    expect(strokes[0]).to.contain(rgb(PALETTE['--ops-primary']));
    expect(strokes[1]).to.contain(rgb(PALETTE['--ops-success']));
    const band = container.querySelector('.apexcharts-xaxis-annotations rect') as SVGRectElement;
    expect(band).to.exist;
    expect(container.querySelector('.apexcharts-xaxis-annotations')?.textContent).to.contain('预测');
    // Laid out by the linked stylesheet, not an injected <style>.
    expect(svg.getBoundingClientRect().height).to.be.greaterThan(200);
    expect(container.querySelector('style')).to.equal(null);
  });

  it('writes series names (data from the server) into the legend as text, never as markup', async function () {
    this.timeout(15000);
    const names = ['<img src=x onerror="window.__xss=1">', '<b>A&B</b> "q"'];
    const { container } = await render(
      <LineChart
        title="曲线"
        series={series.map((s, i) => ({ ...s, name: names[i] as string }))}
        zoom={{ start: 0, end: 100 }}
      />,
    );
    await waitFor(() => expect(container.querySelectorAll('.apexcharts-legend-text')).to.have.length(2), {
      timeout: 10000,
    });
    const legend = [...container.querySelectorAll('.apexcharts-legend-text')];
    expect(legend.map((el) => el.textContent)).to.deep.equal(names);
    expect(container.querySelector('.apexcharts-legend img, .apexcharts-legend b')).to.equal(null);
    expect((window as { __xss?: unknown }).__xss).to.equal(undefined);
  });

  it('zooms with the slider: 0-50 percent at first, wider when the end moves', async function () {
    this.timeout(15000);
    const { container } = await render(<LineChart title="功率曲线" series={series} />);
    await waitFor(() => expect(labels(container)).to.not.be.empty, { timeout: 10000 });
    const zoom = within(container).getByRole('group', { name: '缩放范围' });
    const startSlider = within(zoom).getByRole('slider', { name: '缩放起点' }) as HTMLInputElement;
    const endSlider = within(zoom).getByRole('slider', { name: '缩放终点' }) as HTMLInputElement;
    expect([startSlider.value, endSlider.value]).to.deep.equal(['0', '50']);
    // Half of a 24-hour day is shown: the band of the predicted hours 18-24 is off screen.
    const before = labels(container);
    expect(before[0]).to.equal('00:00');
    expect(before).to.include('11:00');
    expect(before).not.to.include('18:00');
    fireEvent.input(endSlider, { target: { value: '100' } });
    expect(endSlider.value).to.equal('100');
    await waitFor(() => expect(labels(container).join()).to.not.equal(before.join()), { timeout: 5000 });
    // The start cannot pass the end.
    fireEvent.input(startSlider, { target: { value: '100' } });
    expect(startSlider.value).to.equal('99');
  });

  it('saves the chart as a PNG named after its title', async function () {
    this.timeout(15000);
    const saved: Array<{ name: string; href: string }> = [];
    const original = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    };
    try {
      const { container } = await render(<LineChart title="功率曲线" series={series} />);
      await waitFor(() => expect(container.querySelector('svg.apexcharts-svg')).to.exist, { timeout: 10000 });
      fireEvent.click(within(container).getByRole('button', { name: '保存为图片' }));
      await waitFor(() => expect(saved).to.have.length(1), { timeout: 5000 });
      expect(saved[0].name).to.equal('功率曲线.png');
      expect(saved[0].href).to.match(/^(data:image\/png|blob:)/);
    } finally {
      HTMLAnchorElement.prototype.click = original;
    }
  });
});
