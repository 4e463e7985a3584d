import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { answerOf } from './assistant-sse.ts';
import { fingerprint, startServer, type TestServer } from './helpers.ts';

const BUSINESS = '/api/hzgglm-model-business';
const COMPLETIONS = `${BUSINESS}/v1/chat/completions`;
const CANVAS = '/api/hzinfo-data-scada/scada/canvas/getCanvasById';
const DIAGNOSIS = '/api/hzims-fdp/diagnosis/process';
const VIDEO = '/api/hzinfo-video/file/demo-video.webm';

// biome-ignore lint/suspicious/noExplicitAny: JSON read back in tests
type Json = any;

describe('assistant action functions: choices and the blocks’ routes', () => {
  let s: TestServer;
  let token: string;
  let storageToken: string;
  let sessionId: string;

  before(async () => {
    s = await startServer({ assistant: { sleep: async () => undefined } });
    token = (await s.login('100001', 'admin', 'Hydro@2026')).access_token;
    storageToken = (await s.login('100002', 'admin', 'Storage@2026')).access_token;
    sessionId = (await s.call('GET', '/api/gglm-big-model/fontEnd/interactive/getSessionId', { token })).json
      .data;
  });
  after(() => s.close());

  const chat = (question: string, inputs: Record<string, unknown> = {}) =>
    s.call('POST', COMPLETIONS, {
      token,
      body: { messages: [{ role: 'user', content: question }], conversation_id: sessionId, inputs },
    });
  const ask = async (question: string) => answerOf(await chat(question)).extras[0] as Json;
  /** Picks the item as the parcel does: the display text asked again, the item and the list as JSON strings. */
  const choose = async (item: Json, list: Json[], display: string) => {
    const res = await chat(display, {
      query: display,
      is_select: 1,
      extra: JSON.stringify(item),
      extra_list: JSON.stringify(list),
      app_id: 'ops-console',
      areas: '',
      client: 0,
      show_type: 0,
      user_id: '1',
      query_id: 'q-choice',
    });
    assert.equal(res.status, 200, res.text.slice(0, 200));
    return answerOf(res);
  };

  it('answers each picker’s choice with the function of the contract’s table', async () => {
    const table: [question: string, display: string, answer: string][] = [
      ['选择电站', 'station_name', 'show_data'],
      ['一共有多少座电站？', 'station_name', 'show_data'],
      ['查看监控画面', 'station_name', 'choose_canvas'],
      ['飞来峡的监控画面', 'name', 'open_canvas'],
      ['飞来峡的视频监控', 'name', 'open_video'],
      ['飞来峡的故障记录', 'record_name', 'result_diagnose'],
      ['有哪些数据指令？', 'name', 'open_instruct'],
      ['打开请假菜单', 'name', 'open_menu'],
      ['飞来峡的遥测数据', 'param_name', 'history_data'],
    ];
    for (const [question, display, func] of table) {
      const picker = await ask(question);
      const item = picker.data[1];
      const answer = await choose(item, picker.data, item[display]);
      assert.deepEqual(
        answer.extras.map((e) => e.func),
        [func],
        `${picker.func} -> ${func}`,
      );
      const extra = answer.extras[0] as Json;
      if (func === 'show_data') assert.equal(extra.station_name, item.station_name);
      if (func === 'choose_canvas') assert.equal(extra.data[0].stationId, item.stationId);
      if (func === 'open_canvas') assert.equal(extra.params.canvasId, item.canvasId);
      if (func === 'open_video') assert.equal(extra.data.name, item.name);
      if (func === 'result_diagnose') assert.equal(extra.params.fdpId, item.fdpId);
      if (func === 'open_instruct') assert.deepEqual(extra.data, { id: item.id, name: item.name });
      if (func === 'open_menu') assert.deepEqual(extra.data, item);
      if (func === 'history_data') assert.equal(extra.params.realId, item.realId);
    }
  });

  it('answers a chosen item of another tenant as not found, and an item sent as an object too', async () => {
    const foreign = await ask('飞来峡的监控画面');
    const storageCanvas = (
      await s.call('GET', `${CANVAS}?id=${foreign.data[0].canvasId}`, { token: storageToken })
    ).status;
    assert.equal(storageCanvas, 404, 'the storage tenant cannot read a hydro canvas');
    const answer = await choose({ ...foreign.data[0], stationId: 'ES0001' }, foreign.data, '主接线图');
    assert.deepEqual(answer.extras, []);
    assert.match(answer.content, /未找到所选项目/);
    const asObject = answerOf(
      await chat('主接线图', { is_select: true, extra: foreign.data[0], extra_list: foreign.data }),
    );
    assert.equal(asObject.extras[0]?.func, 'open_canvas');
    const notSelected = answerOf(
      await chat('飞来峡的运行情况', { is_select: 0, extra: JSON.stringify(foreign.data[0]) }),
    );
    assert.equal(notSelected.extras[0]?.func, 'show_data', 'extra without is_select is not a choice');
  });

  it('refuses bad extra and extra_list with a clear 400 and writes nothing', async () => {
    const before = await fingerprint(s);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ is_select: 1, extra: '{"canvasId":' }, /inputs\.extra 不是合法的 JSON/],
      [{ is_select: 1, extra: '[1,2]' }, /inputs\.extra /],
      [{ is_select: 1, extra: '"text"' }, /inputs\.extra /],
      [{ is_select: 1, extra: '{}', extra_list: 'not json' }, /inputs\.extra_list /],
      [{ extra_list: '{"a":1}' }, /inputs\.extra_list /],
      [{ extra: 'x'.repeat(8001) }, /inputs\/extra|inputs\.extra/],
      [{ show_type: 2 }, /show_type/],
      [{ is_select: 'yes' }, /is_select/],
    ];
    for (const [inputs, message] of cases) {
      const res = await chat('主接线图', inputs);
      assert.equal(res.status, 400, JSON.stringify(inputs).slice(0, 80));
      assert.equal(res.json.success, false);
      assert.match(res.json.msg, message);
    }
    assert.equal(await fingerprint(s), before, 'refusals write no answer');
  });

  it('draws a canvas with its bound points’ live values; 400 on a bad id, 404 for another tenant’s', async () => {
    const open = await ask('打开飞来峡的主接线图');
    const res = await s.call('GET', `${CANVAS}?id=${open.params.canvasId}`, { token });
    assert.equal(res.status, 200);
    const canvas = res.json.data;
    assert.equal(canvas.name, '主接线图');
    assert.equal(canvas.stationId, 'HS0001');
    assert.equal(canvas.width, 800);
    const kinds = new Set(canvas.elements.map((e: Json) => e.kind));
    for (const kind of ['bus', 'line', 'unit', 'breaker', 'transformer', 'box', 'text', 'value'])
      assert.ok(kinds.has(kind), kind);
    const bound = canvas.elements.filter((e: Json) => e.kind === 'value').map((e: Json) => e.realId);
    assert.deepEqual(Object.keys(canvas.values).sort(), [...bound].sort());
    assert.ok(bound.includes('HS0001.G1.P'));
    assert.equal(typeof canvas.values['HS0001.G1.P'], 'number');
    const chart = await s.call(
      'GET',
      `/api/hzinfo-data-config/deviceInstance/device/getHistoryLineDataByRealId?realId=HS0001.G1.P`,
      { token },
    );
    assert.equal(chart.status, 200);
    for (const bad of ['abc', '', '1', '0123'])
      assert.equal((await s.call('GET', `${CANVAS}?id=${bad}`, { token })).status, 400, bad);
    assert.equal((await s.call('GET', CANVAS, { token })).status, 400);
    assert.equal(
      (await s.call('GET', `${CANVAS}?id=${open.params.canvasId}`, { token: storageToken })).status,
      404,
    );
    assert.equal((await s.call('GET', `${CANVAS}?id=${open.params.canvasId}9`, { token })).status, 404);
    assert.equal((await s.call('GET', `${CANVAS}?id=${open.params.canvasId}`)).status, 401);
  });

  it('lists the tenant’s instructs by name and streams an execution that ends with [DONE]', async () => {
    const list = (await s.call('GET', `${BUSINESS}/dataInstruct/list`, { token })).json.data;
    assert.deepEqual(
      list.map((i: Json) => [i.id, i.name, i.apiUrl]),
      [
        ['10000101', '日发电量统计', ''],
        ['10000102', '告警汇总', ''],
        ['10000103', '设备健康评估', `${BUSINESS}/demo/instruct/health`],
        ['10000104', '运行日志记录', ''],
      ],
    );
    const named = (
      await s.call('GET', `${BUSINESS}/dataInstruct/list?name=${encodeURIComponent('告警')}`, { token })
    ).json.data;
    assert.deepEqual(
      named.map((i: Json) => i.id),
      ['10000102'],
    );
    const storage = (await s.call('GET', `${BUSINESS}/dataInstruct/list`, { token: storageToken })).json.data;
    assert.equal(storage[0].name, '日放电量统计');
    assert.equal(
      (await s.call('GET', `${BUSINESS}/dataInstruct/list?name=${'x'.repeat(101)}`, { token })).status,
      400,
    );

    const run = await s.call('POST', `${BUSINESS}/dataRecord/execute`, {
      token,
      body: { instructId: '10000101', query: '日发电量统计' },
    });
    assert.equal(run.status, 200);
    assert.match(run.headers.get('content-type') ?? '', /^text\/event-stream/);
    const out = answerOf(run);
    assert.equal(out.done, true);
    assert.match(out.content, /\| 1 \| .+水电站 \| [0-9.]+ \|/);
    const record = answerOf(
      await s.call('POST', `${BUSINESS}/dataRecord/execute`, {
        token,
        body: { instructId: '10000104', query: '记录运行日志', instanceId: 'log-20261128' },
      }),
    );
    assert.match(record.content, /记录编号 log-20261128/);
    const before = await fingerprint(s);
    for (const body of [
      {},
      { instructId: 'abc' },
      { instructId: '10000101', instanceId: '<x>' },
      { instructId: '10000101', query: 1 },
    ])
      assert.equal(
        (await s.call('POST', `${BUSINESS}/dataRecord/execute`, { token, body })).status,
        400,
        JSON.stringify(body),
      );
    assert.equal(
      (
        await s.call('POST', `${BUSINESS}/dataRecord/execute`, {
          token: storageToken,
          body: { instructId: '10000101' },
        })
      ).status,
      404,
    );
    assert.equal(
      (await s.call('POST', `${BUSINESS}/dataRecord/execute`, { token, body: { instructId: '10000109' } }))
        .status,
      404,
    );
    assert.equal(await fingerprint(s), before);
  });

  it('answers the demo instruct apiUrl with markdown, with the bearer token only', async () => {
    const url = `${BUSINESS}/demo/instruct/health`;
    const res = await s.call('POST', url, {
      token,
      body: { query: '飞来峡', params: { stationId: 'HS0001' } },
    });
    assert.equal(res.status, 200);
    assert.equal(res.json.code, 200);
    assert.match(res.json.data.content, /### 飞来峡水电站 设备健康评估/);
    const hzinfo = await s.call('POST', url, {
      headers: { 'Hzinfo-Auth': `bearer ${token}` },
      body: { query: '' },
    });
    assert.equal(hzinfo.status, 200, 'Hzinfo-Auth carries the token too');
    assert.equal((await s.call('POST', url, { body: { query: '' } })).status, 401);
    assert.equal((await s.call('POST', url, { token, body: { params: 'x' } })).status, 400);
    assert.equal((await s.call('POST', url, { token, body: { query: 1 } })).status, 400);
  });

  it('gives a fault’s diagnosis steps with outcomes; 400 on bad input, 404 for another tenant or station', async () => {
    const fault = await ask('诊断飞来峡的最新故障');
    const { fdpId } = fault.params;
    const res = await s.call('GET', `${DIAGNOSIS}?fdpId=${fdpId}&stationId=HS0001`, { token });
    assert.equal(res.status, 200);
    const d = res.json.data;
    assert.equal(d.record_name, '1号机组定子温度偏高');
    assert.equal(d.station_name, '飞来峡水电站');
    assert.equal(d.device_name, '1号机组');
    assert.deepEqual(
      d.steps.map((step: Json) => [step.ord, step.outcome]),
      [
        [1, 'normal'],
        [2, 'normal'],
        [3, 'abnormal'],
        [4, 'unknown'],
      ],
    );
    assert.match(d.conclusion, /冷却器/);
    const en = await s.call('GET', `${DIAGNOSIS}?fdpId=${fdpId}`, {
      token,
      headers: { 'Hz-Language': 'en_US' },
    });
    assert.equal(en.json.data.record_name, 'Unit 1 stator over-temperature');
    for (const bad of ['x', '', '1'])
      assert.equal((await s.call('GET', `${DIAGNOSIS}?fdpId=${bad}`, { token })).status, 400, bad);
    assert.equal((await s.call('GET', `${DIAGNOSIS}?fdpId=${fdpId}&stationId=<b>`, { token })).status, 400);
    assert.equal(
      (await s.call('GET', `${DIAGNOSIS}?fdpId=${fdpId}&stationId=HS0002`, { token })).status,
      404,
    );
    assert.equal((await s.call('GET', `${DIAGNOSIS}?fdpId=${fdpId}`, { token: storageToken })).status, 404);
    assert.equal((await s.call('GET', `${DIAGNOSIS}?fdpId=${fdpId.slice(0, -1)}9`, { token })).status, 404);
  });

  it('serves the demo media without a token, typed: PDFs, pictures under three bases, the WebM with ranges', async () => {
    const pdf = await s.call('GET', `${BUSINESS}/knowledge/file/unit-vibration.pdf`);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.match(pdf.text, /^%PDF-1\.4\n[\s\S]*\/Count 3 [\s\S]*%%EOF\n$/);
    assert.equal(pdf.headers.get('x-content-type-options'), 'nosniff');
    for (const base of ['/api/hzinfo-pdec-cloud/file/', '/api/hzinfo-v3/file/', '/api/hzinfo-v4/file/']) {
      const picture = await s.call('GET', `${base}thermal-image.svg`);
      assert.equal(picture.status, 200, base);
      assert.equal(picture.headers.get('content-type'), 'image/svg+xml');
      assert.match(picture.text, /^<svg /);
    }
    const video = await fetch(s.url + VIDEO);
    assert.equal(video.status, 200);
    assert.equal(video.headers.get('content-type'), 'video/webm');
    const bytes = Buffer.from(await video.arrayBuffer());
    assert.ok(bytes.length > 1000 && bytes.length < 100 * 1024, `${bytes.length} bytes`);
    assert.equal(bytes.subarray(0, 4).toString('hex'), '1a45dfa3', 'an EBML (WebM) file');
    const part = await fetch(s.url + VIDEO, { headers: { Range: 'bytes=0-99' } });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range'), `bytes 0-99/${bytes.length}`);
    assert.equal((await part.arrayBuffer()).byteLength, 100);
    assert.equal((await fetch(s.url + VIDEO, { headers: { Range: `bytes=${bytes.length}-` } })).status, 416);
    for (const path of [
      `${BUSINESS}/knowledge/file/secret.pdf`,
      '/api/hzinfo-v3/file/none.svg',
      '/api/hzinfo-video/file/x.webm',
    ])
      assert.equal((await s.call('GET', path)).status, 404, path);
    assert.equal((await s.call('GET', `${BUSINESS}/knowledge/file/..%2Fx.pdf`)).status, 400);
  });
});
