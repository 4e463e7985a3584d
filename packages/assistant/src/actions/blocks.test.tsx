// The action blocks (docs/assistant-actions.md) through the whole dialog, as assistant.test.tsx drives it: the
// console's real HTTP client and bus, the server's calls answered by a fake adapter, the streams driven here.
import { expect } from '@esm-bundle/chai';
import { PATHS } from '@ops/shared';
import { fireEvent } from '@testing-library/dom';
import { byRole, cellTexts, waitFor } from '../../../../test/support/dom';
import { chunk, type DialogOptions, dialogHarness, type OpenStream } from '../../test-support/dialog';
import { ASSISTANT_API } from '../api';

const ALLOWED = 'https://instruct.example';

/** The dialog with the tenant's instructs and an allowlisted instruct origin; `answer` asks and answers. */
function setup(options: DialogOptions = {}) {
  const harness = dialogHarness({
    mediaOrigins: [ALLOWED],
    answers: {
      [`GET ${ASSISTANT_API.instructs}`]: {
        code: 200,
        msg: 'ok',
        data: [
          { id: 'i1', name: '日报', description: '生成日报', apiUrl: '' },
          { id: 'i2', name: '外部指令', description: '', apiUrl: 'https://evil.example/run' },
          { id: 'i3', name: '白名单指令', description: '', apiUrl: `${ALLOWED}/run` },
        ],
      },
      [`POST ${ALLOWED}/run`]: { code: 200, data: { content: '**直连完成**' } },
    },
    ...options,
  });
  return {
    ...harness,
    /** Asks, and answers with `text` and these extras (and more of the delta); the stream is finished. */
    async answer(dialog: HTMLElement, question: string, text: string, extras: unknown, more = {}) {
      const stream = await harness.ask(dialog, question);
      stream.emit(chunk({ content: text, extra: JSON.stringify(extras), ...more }));
      stream.finish(true);
      await waitFor(() => byRole(dialog, 'button', '发送'));
      return stream;
    },
  };
}

const inputsOf = (stream: OpenStream) => (stream.request.body as { inputs: Record<string, unknown> }).inputs;
const click = (el: HTMLElement | null) => fireEvent.click(el as HTMLElement);
const buttonsOf = (el: HTMLElement) => [...el.querySelectorAll('button')];

const STATIONS = [
  { station_name: '青山水电站', stationId: 's1' },
  { station_name: '白河水电站', stationId: 's2' },
  { station_name: '龙潭水电站', stationId: 's3' },
];

const POINTS = [
  {
    station_name: '青山水电站',
    device_name: '1号机组',
    param_name: '有功功率',
    realId: 'r1',
    time: '2026-11-28 10:00:00',
    value: 12.5,
  },
  {
    station_name: '青山水电站',
    device_name: '2号机组',
    param_name: '有功功率',
    realId: 'r2',
    time: '2026-11-28 10:00:00',
    value: 8,
  },
];

const YK = {
  projectId: 'p1',
  projectName: '青山水电站',
  deviceCode: 'D01',
  deviceName: '1号机组',
  name: '合闸',
  signage: 'YK01',
  modelClassifyId: 1,
};

// Each would set `window.__xss` if it ran; `bad` holds them all, with markdown that must stay text.
const win = window as unknown as { __xss?: number };
const script = '<script>window.__xss=1</script>';
const img = '<img src=x onerror="window.__xss=1">';
const md = '**粗体** [链接](javascript:window.__xss=1)';
const bad = `${script}${img}${md}`;

describe('assistant action blocks', () => {
  let t: ReturnType<typeof setup>;
  afterEach(async () => t?.unmount());

  it('shows a list a second after its extra arrives; a click asks again with the item and the list', async () => {
    t = setup();
    const dialog = await t.mount();
    const stream = await t.ask(dialog, '有几座电站');
    stream.emit(
      chunk({ content: '共3座', extra: JSON.stringify([{ func: 'stations_num', data: STATIONS }]) }),
    );
    await waitFor(() => dialog.textContent?.includes('共3座'));
    expect(byRole(dialog, 'region', '电站数量'), 'not yet: spec §4 attaches extras after 1 s').to.equal(null);
    const region = await waitFor(() => byRole(dialog, 'region', '电站数量'));
    expect(region.textContent).to.include('共 3 座电站');
    const list = byRole(region, 'list', '电站数量') as HTMLElement;
    expect(buttonsOf(list).map((b) => b.textContent)).to.deep.equal([
      '1青山水电站s1',
      '2白河水电站s2',
      '3龙潭水电站s3',
    ]);
    stream.finish(true);
    await waitFor(() => byRole(dialog, 'button', '发送'));

    click(buttonsOf(list)[1] as HTMLElement);
    const second = await waitFor(() => t.streams[1]);
    expect(second.request.url).to.equal(ASSISTANT_API.completions);
    expect(second.request.headers).to.deep.include({ 'Hzinfo-App-Id': 'hydropower' });
    const inputs = inputsOf(second);
    expect(inputs).to.deep.include({ is_select: 1, query: '白河水电站', client: 0, show_type: 0 });
    expect(JSON.parse(String(inputs.extra))).to.deep.equal(STATIONS[1]);
    expect(inputs.extra_list).to.deep.equal(STATIONS);
    expect(byRole(dialog, 'list', '对话')?.textContent).to.include('白河水电站');
  });

  it('refuses a choice while a reply is running', async () => {
    t = setup();
    const dialog = await t.mount();
    await t.answer(dialog, '选电站', '请选择', [{ func: 'choose_station', data: STATIONS }]);
    const list = await waitFor(() => byRole(dialog, 'list', '选择电站'));
    await t.ask(dialog, '今天的发电量');
    click(buttonsOf(list)[0] as HTMLElement);
    await waitFor(() => document.body.textContent?.includes('正在回答中，请稍候'));
    expect(t.streams).to.have.length(2);
  });

  it('asks about the 2nd item of the previous list when the answer is select_number 2', async () => {
    t = setup({ visual: true });
    const dialog = await t.mount();
    await t.answer(dialog, '选电站', '请选择', [{ func: 'choose_station', data: STATIONS }]);
    await waitFor(() => byRole(dialog, 'list', '选择电站'));
    await t.answer(dialog, '2', '好的', [{ func: 'select_number', data: 2 }]);
    const third = await waitFor(() => t.streams[2]);
    const inputs = inputsOf(third);
    expect(inputs).to.deep.include({ is_select: 1, query: '白河水电站', show_type: 1 });
    expect(JSON.parse(String(inputs.extra))).to.deep.equal(STATIONS[1]);
    expect(inputs.extra_list).to.deep.equal(STATIONS);
    const region = await waitFor(() => byRole(dialog, 'region', '按序号选择'));
    expect(region.textContent).to.equal('按序号选择已选择第 2 项：白河水电站');
  });

  it('select_number counts as the list is numbered: nameless items left out, twins asked as a click would', async () => {
    t = setup();
    const dialog = await t.mount();
    await t.answer(dialog, '选电站', '请选择', [
      { func: 'choose_station', data: [{ count: 3 }, ...STATIONS] },
    ]);
    const list = await waitFor(() => byRole(dialog, 'list', '选择电站'));
    expect(buttonsOf(list)[1]?.textContent).to.equal('2白河水电站s2');
    await t.answer(dialog, '2', '好的', [{ func: 'select_number', data: 2 }]);
    const byNumber = inputsOf(await waitFor(() => t.streams[2]));
    expect(byNumber).to.deep.include({ is_select: 1, query: '白河水电站' });
    expect(JSON.parse(String(byNumber.extra))).to.deep.equal(STATIONS[1]);
    expect(byNumber.extra_list).to.deep.equal(STATIONS);
    // The choice was asked from an effect: wait for its answer's text, then for the reply's end.
    t.streams[2]?.emit(chunk({ content: '白河数据' }));
    t.streams[2]?.finish(true);
    await waitFor(() => dialog.textContent?.includes('白河数据') && byRole(dialog, 'button', '发送'));

    await t.answer(dialog, '有功功率', '请选择测点', [{ func: 'choose_yc', data: POINTS }]);
    await waitFor(() => byRole(dialog, 'region', '选择遥测'));
    await t.answer(dialog, '第2个', '好的', [{ func: 'select_number', data: 2 }]);
    const twin = inputsOf(await waitFor(() => t.streams[5]));
    expect(twin).to.deep.include({ is_select: 1, query: '有功功率（青山水电站 · 2号机组）' });
    expect(JSON.parse(String(twin.extra))).to.deep.equal(POINTS[1]);
  });

  for (const [name, data, withList, alert] of [
    ['no previous list', 1, false, '没有可供选择的上一条列表'],
    ['not an integer', 'x', true, '请输入整数序号'],
    ['beyond the list', 4, true, '序号超出列表范围'],
  ] as const) {
    it(`select_number with ${name} says so and asks nothing`, async () => {
      t = setup();
      const dialog = await t.mount();
      if (withList) {
        await t.answer(dialog, '选电站', '请选择', [{ func: 'choose_station', data: STATIONS }]);
        await waitFor(() => byRole(dialog, 'list', '选择电站'));
      }
      const before = t.streams.length;
      await t.answer(dialog, String(data), '好的', [{ func: 'select_number', data }]);
      const region = await waitFor(() => byRole(dialog, 'region', '按序号选择'));
      expect(byRole(region, 'alert', alert), region.textContent ?? '').to.not.equal(null);
      expect(t.streams).to.have.length(before + 1);
      expect(byRole(dialog, 'button', '发送')).to.not.equal(null);
    });
  }

  it('shows real data as a table, and an answer’s own realData too', async () => {
    t = setup();
    const dialog = await t.mount();
    const realData = [
      { station_name: '白河水电站', device_name: '闸门', param_name: '开度', time: '10:05', value: '30' },
    ];
    await t.answer(
      dialog,
      '实时数据',
      '数据如下',
      [{ func: 'show_data', label: '青山实时数据', data: POINTS }],
      {
        realData,
      },
    );
    const region = await waitFor(() => byRole(dialog, 'region', '青山实时数据'));
    expect(cellTexts(byRole(region, 'table', '青山实时数据') as HTMLElement)).to.deep.equal([
      ['青山水电站', '1号机组', '有功功率', '2026-11-28 10:00:00', '12.5'],
      ['青山水电站', '2号机组', '有功功率', '2026-11-28 10:00:00', '8'],
    ]);
    const own = byRole(dialog, 'table', '实时数据') as HTMLElement;
    expect(cellTexts(own)).to.deep.equal([['白河水电站', '闸门', '开度', '10:05', '30']]);
    expect(byRole(region, 'button', /选择/)).to.equal(null);
  });

  it('choose_yc chooses a row: it asks about that point', async () => {
    t = setup();
    const dialog = await t.mount();
    await t.answer(dialog, '有功功率', '请选择测点', [{ func: 'choose_yc', data: POINTS }]);
    const region = await waitFor(() => byRole(dialog, 'region', '选择遥测'));
    expect(cellTexts(byRole(region, 'table', '选择遥测') as HTMLElement)[1]).to.deep.equal([
      '2',
      '青山水电站',
      '2号机组',
      '有功功率',
      '2026-11-28 10:00:00',
      '8',
      '选择',
    ]);
    click(byRole(region, 'button', '选择2号机组 有功功率'));
    const next = await waitFor(() => t.streams[1]);
    const inputs = inputsOf(next);
    // Both rows are named 有功功率: the question says which one.
    expect(inputs).to.deep.include({ is_select: 1, query: '有功功率（青山水电站 · 2号机组）' });
    expect(JSON.parse(String(inputs.extra))).to.deep.equal(POINTS[1]);
    expect(inputs.extra_list).to.deep.equal(POINTS);
  });

  it('a type-4 control says it sends: the parcel sends it on that click alone (spec §4)', async () => {
    t = setup();
    const dialog = await t.mount();
    const reset = { ...YK, name: '信号复归', signage: 'RESET', modelClassifyId: 4 };
    await t.answer(dialog, '复归', '请确认', [{ func: 'confirm_yk', data: reset }]);
    const confirm = await waitFor(() => byRole(dialog, 'region', '遥控确认'));
    click(byRole(confirm, 'button', '发送遥控：信号复归'));
    expect(t.controls).to.deep.equal([reset]);
  });

  it('confirm_yk and control_device open the remote-control dialog over the bus', async () => {
    t = setup();
    const dialog = await t.mount();
    const second = { ...YK, name: '分闸', signage: 'YK02', modelClassifyId: 0 };
    await t.answer(dialog, '遥控', '请确认', [
      { func: 'confirm_yk', data: YK },
      { func: 'control_device', data: [YK, second, { ...YK, signage: '' }] },
    ]);
    const confirm = await waitFor(() => byRole(dialog, 'region', '遥控确认'));
    click(byRole(confirm, 'button', '打开遥控：合闸'));
    expect(t.controls).to.deep.equal([YK]);
    const device = byRole(dialog, 'region', '设备控制') as HTMLElement;
    expect(buttonsOf(device).map((b) => b.textContent)).to.deep.equal(['打开遥控：合闸', '打开遥控：分闸']);
    click(byRole(device, 'button', '打开遥控：分闸'));
    expect(t.controls).to.deep.equal([YK, second]);
    expect(t.streams).to.have.length(1);
  });

  it('result_diagnose opens the diagnosis page with its query', async () => {
    t = setup();
    const dialog = await t.mount();
    await t.answer(dialog, '诊断', '诊断结果', [
      {
        func: 'result_diagnose',
        params: { stationId: 's1', fdpId: 'f1', recordname: '1号机组过热', device: '1号机组', ord: 2 },
        record_name: '1号机组过热',
        station_name: '青山水电站',
        device_name: '1号机组',
        errorInfo: '轴承温度 85℃',
      },
    ]);
    const region = await waitFor(() => byRole(dialog, 'region', '故障诊断结果'));
    expect(region.textContent).to.include('轴承温度 85℃');
    click(byRole(region, 'button', '查看诊断过程'));
    expect(t.navigations).to.have.length(1);
    const [path, query] = String(t.navigations[0]).split('?');
    expect(path).to.equal(PATHS.diagnosis);
    expect(Object.fromEntries(new URLSearchParams(query))).to.deep.equal({
      func: 'result_diagnose',
      stationId: 's1',
      fdpId: 'f1',
      recordname: '1号机组过热',
      device: '1号机组',
      ord: '2',
    });
  });

  it('open_menu opens a console path; another site’s address is refused', async () => {
    t = setup();
    const dialog = await t.mount();
    await t.answer(dialog, '打开告警', '好的', [
      { func: 'open_menu', data: { name: '告警列表', path: '/alarm/list?level=1#top' } },
      { func: 'open_menu', label: '外部菜单', data: { name: '外部', path: 'https://evil.example/x' } },
    ]);
    const region = await waitFor(() => byRole(dialog, 'region', '打开菜单'));
    click(byRole(region, 'button', '打开告警列表'));
    expect(t.navigations).to.deep.equal(['/alarm/list?level=1#top']);
    const refused = byRole(dialog, 'region', '外部菜单') as HTMLElement;
    expect(byRole(refused, 'alert', '该菜单地址不属于本控制台，已拒绝打开')).to.not.equal(null);
    expect(byRole(refused, 'button', /打开/)).to.equal(null);
  });

  it('open_instruct finds the instruct in the list, then streams its execution into the block', async () => {
    t = setup();
    const dialog = await t.mount();
    await t.answer(dialog, '生成日报', '正在执行', [
      { func: 'open_instruct', data: { id: 'i1', name: '日报' } },
    ]);
    const execute = await waitFor(() => t.streams[1]);
    expect(t.calls.find((c) => c.url === ASSISTANT_API.instructs)?.method).to.equal('get');
    expect(execute.request.url).to.equal(ASSISTANT_API.execute);
    expect(execute.request.body).to.deep.equal({ instructId: 'i1', query: '生成日报' });
    const region = await waitFor(() => byRole(dialog, 'region', '指令执行'));
    execute.emit(chunk({ content: '日报：**发电量 120 MWh**' }));
    execute.finish(true);
    await waitFor(() => region.querySelector('strong')?.textContent === '发电量 120 MWh');
  });

  it('open_instruct says so for an unknown instruct and for an apiUrl off the allowlist, posting nothing', async () => {
    t = setup();
    const dialog = await t.mount();
    await t.answer(dialog, '执行', '好的', [
      { func: 'open_instruct', label: '未知指令', data: { id: 'nope', name: '没有这个' } },
      { func: 'open_instruct', label: '外部指令', data: { id: 'i2' } },
    ]);
    const unknown = await waitFor(() => byRole(dialog, 'region', '未知指令'));
    await waitFor(() => byRole(unknown, 'alert', '未找到指令'));
    const blocked = byRole(dialog, 'region', '外部指令') as HTMLElement;
    await waitFor(() => byRole(blocked, 'alert', '指令地址不在白名单内，未执行'));
    expect(t.calls.filter((c) => c.method === 'post')).to.deep.equal([]);
    expect(t.streams).to.have.length(1);
  });

  it('open_instruct with an allowlisted apiUrl POSTs the question there and shows its markdown', async () => {
    t = setup();
    const dialog = await t.mount();
    await t.answer(dialog, '白名单', '好的', [{ func: 'open_instruct', data: { id: 'i3' } }]);
    const region = await waitFor(() => byRole(dialog, 'region', '指令执行'));
    await waitFor(() => region.querySelector('strong')?.textContent === '直连完成');
    const post = t.calls.find((c) => c.method === 'post');
    expect(post?.url).to.equal(`${ALLOWED}/run`);
    expect(post?.auth, 'the console’s bearer headers').to.equal('bearer t');
    expect(JSON.parse(String(post?.data))).to.deep.equal({ query: '白名单', params: { instanceId: '' } });
  });

  it('an unknown function shows nothing and leaves the answer and the other blocks standing', async () => {
    t = setup();
    const dialog = await t.mount();
    await t.answer(dialog, '数据', '答案正文', [
      { func: 'launch_rockets', label: '发射', data: [1] },
      { func: 'show_param', data: POINTS.slice(0, 1) },
    ]);
    const region = await waitFor(() => byRole(dialog, 'region', '设备参数'));
    expect(cellTexts(byRole(region, 'table', '设备参数') as HTMLElement)).to.have.length(1);
    expect(byRole(dialog, 'region', '发射')).to.equal(null);
    expect(dialog.textContent).to.include('答案正文');
    expect(dialog.textContent).to.not.include('该操作无法显示');
    expect(byRole(dialog, 'alert', '回答失败，点击问题旁的图标重新发送')).to.equal(null);
  });

  it('keeps markdown and script in every extra field as text: nothing runs, no element is added', async () => {
    delete win.__xss;
    t = setup();
    const dialog = await t.mount();
    await t.answer(dialog, '攻击', '好的', [
      { func: 'choose_station', label: `站${img}`, data: [{ station_name: bad, stationId: bad }] },
      {
        func: 'show_data',
        label: '数据',
        data: [{ station_name: bad, device_name: img, param_name: md, time: script, value: bad }],
      },
      { func: 'confirm_yk', data: { ...YK, projectName: bad, deviceName: img, name: bad } },
      {
        func: 'result_diagnose',
        params: { fdpId: bad, recordname: bad },
        record_name: bad,
        station_name: img,
        device_name: md,
        errorInfo: bad,
      },
      { func: 'open_menu', data: { name: bad, path: '/x?q=<img/src=x>' } },
      { func: 'choose_instruct', data: [{ name: bad, id: 'i1', description: md }] },
    ]);
    const list = await waitFor(() => byRole(dialog, 'list', `站${img}`));
    expect(buttonsOf(list)[0]?.textContent).to.include(bad);
    expect(cellTexts(byRole(dialog, 'table', '数据') as HTMLElement)).to.deep.equal([
      [bad, img, md, script, bad],
    ]);
    expect(byRole(dialog, 'button', `打开遥控：${bad}`)).to.not.equal(null);
    expect(byRole(dialog, 'region', '故障诊断结果')?.textContent).to.include(bad);
    click(byRole(dialog, 'button', `打开${bad}`));
    expect(t.navigations).to.deep.equal(['/x?q=%3Cimg/src=x%3E']);
    expect(byRole(dialog, 'region', '选择指令')?.textContent).to.include(md);
    const answer = byRole(dialog, 'region', '数据')?.closest('li') as HTMLElement;
    expect(answer.querySelectorAll('script, img, strong, a, iframe, svg')).to.have.length(0);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(win.__xss).to.equal(undefined);
  });

  it('keeps script in the fields of every other function as text too', async () => {
    delete win.__xss;
    const extras: [string, Record<string, unknown>][] = [
      [bad, { func: 'stations_num', label: bad, data: [{ station_name: bad, stationId: bad }] }],
      ['选择监控系统', { func: 'choose_scada', data: [{ station_name: bad, stationId: img, count: md }] }],
      ['选择画面', { func: 'choose_canvas', data: [{ name: bad, canvasId: bad, station_name: img }] }],
      ['选择视频', { func: 'choose_video', data: [{ name: bad, videoId: bad, station_name: img }] }],
      [
        '选择故障',
        {
          func: 'choose_fault',
          data: [{ record_name: bad, fdpId: bad, station_name: img, device_name: md, time: script }],
        },
      ],
      ['选择菜单', { func: 'choose_menu', data: [{ name: bad, path: `javascript:${script}` }] }],
      [
        '选择遥测',
        {
          func: 'choose_yc',
          data: [
            { station_name: bad, device_name: img, param_name: bad, realId: bad, time: md, value: script },
          ],
        },
      ],
      [
        '设备参数',
        {
          func: 'show_param',
          data: [{ station_name: img, device_name: bad, param_name: md, time: bad, value: bad }],
        },
      ],
      [
        '设备控制',
        { func: 'control_device', data: [{ ...YK, name: bad, deviceName: img, projectName: md }] },
      ],
      ['按序号选择', { func: 'select_number', data: bad }],
      ['指令执行', { func: 'open_instruct', data: { id: bad, name: bad } }],
      ['记录查询', { func: 'record', record_name: bad, instanceId: bad, data: { id: bad, name: img } }],
    ];
    t = setup();
    const dialog = await t.mount();
    await t.answer(
      dialog,
      '攻击',
      '好的',
      extras.map(([, item]) => item),
    );
    const regions = await waitFor(() => {
      const found = extras.map(([title]) => byRole(dialog, 'region', title));
      return found.every(Boolean) && (found as HTMLElement[]);
    });
    // The lists, tables and controls show the payloads as their text.
    for (const [index, region] of regions.slice(0, 9).entries())
      expect(region.textContent, extras[index]?.[0]).to.include(img);
    await waitFor(() => byRole(dialog, 'region', '记录查询')?.querySelector('[role="alert"]'));
    const answer = regions[0]?.closest('li') as HTMLElement;
    expect(answer.querySelectorAll('script, img, strong, a, iframe, svg, video')).to.have.length(0);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(win.__xss).to.equal(undefined);
  });
});
