import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_APIURL_QUESTION, DEMO_QUESTIONS } from '../src/routes/assistant-demo.ts';
import { answerOf, type ExtraJson } from './assistant-sse.ts';
import { startServer, type TestServer } from './helpers.ts';

const BUSINESS = '/api/hzgglm-model-business';
const COMPLETIONS = `${BUSINESS}/v1/chat/completions`;
const PICTURE_BASES = ['/api/hzinfo-pdec-cloud/file/', '/api/hzinfo-v3/file/', '/api/hzinfo-v4/file/'];
const STATION = '飞来峡水电站';
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

type Extra = ExtraJson;

describe('assistant action functions: the demo questions', () => {
  let s: TestServer;
  let token: string;
  let sessionId: string;

  before(async () => {
    s = await startServer({ assistant: { sleep: async () => undefined } });
    token = (await s.login('100001', 'admin', 'Hydro@2026')).access_token;
    sessionId = (await s.call('GET', '/api/gglm-big-model/fontEnd/interactive/getSessionId', { token })).json
      .data;
  });
  after(() => s.close());

  const ask = async (question: string, lang: 'zh' | 'en') => {
    const res = await s.call('POST', COMPLETIONS, {
      token,
      headers: lang === 'en' ? { 'Hz-Language': 'en_US' } : {},
      body: {
        messages: [{ role: 'user', content: question }],
        conversation_id: sessionId,
        inputs: { query: question, client: 0, show_type: 0, is_select: 0, extra: '' },
      },
    });
    assert.equal(res.status, 200, res.text.slice(0, 200));
    return answerOf(res);
  };
  const get = async (path: string, auth = true) => {
    const res = await s.call('GET', path, auth ? { token } : {});
    assert.equal(res.status, 200, `${path}: ${res.text.slice(0, 200)}`);
    return res;
  };

  /** What each function's item must carry, checked against the seed through the routes the blocks call. */
  const CHECKS: Record<string, (extra: Extra) => Promise<void>> = {
    select_number: async (e) => assert.equal(e.data, 2),
    stations_num: async (e) => {
      assert.equal(e.data.length, 22);
      assert.deepEqual(e.data[0], { station_name: STATION, stationId: 'HS0001' });
    },
    choose_station: async (e) => CHECKS.stations_num!(e),
    show_data: async (e) => {
      assert.equal(e.station_name, STATION);
      const row = e.data.find((r: Extra) => r.device_name === '1号机组' && r.param_name === '有功功率');
      assert.deepEqual(Object.keys(row), ['station_name', 'device_name', 'param_name', 'time', 'value']);
      assert.match(row.value, /^[0-9.]+ MW$/);
      assert.match(row.time, TIME);
    },
    show_param: async (e) => {
      assert.equal(e.device_name, '1号机组');
      assert.deepEqual(
        e.data.map((r: Extra) => `${r.device_name}/${r.param_name}`),
        ['1号机组/有功功率', '1号机组/无功功率', '1号机组/定子温度', '1号机组/导叶开度'],
      );
    },
    choose_yc: async (e) => {
      assert.equal(e.data.length, 14);
      for (const row of e.data) assert.match(row.realId, /^HS0001\.[A-Z0-9]+\.[A-Z]+$/);
      assert.equal(e.data[0].station_name, STATION);
    },
    history_data: async (e) => {
      assert.equal(e.params.realId, 'HS0001.G1.P');
      assert.equal(e.attrName, '有功功率');
      assert.equal(e.device_name, '1号机组');
      const q = new URLSearchParams({ realId: e.params.realId, beginTime: e.beginTime, endTime: e.endTime });
      const line = await get(`/api/hzinfo-data-config/deviceInstance/device/getHistoryLineDataByRealId?${q}`);
      assert.equal(line.json.data.realId, 'HS0001.G1.P');
    },
    choose_scada: async (e) => {
      assert.equal(e.data.length, 22);
      assert.deepEqual(e.data[0], { station_name: STATION, stationId: 'HS0001', count: 2 });
    },
    choose_canvas: async (e) => {
      assert.deepEqual(
        e.data.map((r: Extra) => r.name),
        ['主接线图', '1号机组单元图'],
      );
      for (const row of e.data) {
        assert.equal(row.stationId, 'HS0001');
        const canvas = await get(`/api/hzinfo-data-scada/scada/canvas/getCanvasById?id=${row.canvasId}`);
        assert.equal(canvas.json.data.name, row.name);
      }
    },
    open_canvas: async (e) => {
      assert.equal(e.name, '主接线图');
      assert.equal(e.station_name, STATION);
      const canvas = await get(`/api/hzinfo-data-scada/scada/canvas/getCanvasById?id=${e.params.canvasId}`);
      assert.equal(canvas.json.data.station_name, STATION);
    },
    choose_video: async (e) => {
      assert.deepEqual(
        e.data.map((r: Extra) => [r.name, r.station_name]),
        [
          ['大坝全景', STATION],
          ['厂房机组', STATION],
        ],
      );
      assert.ok(e.data.every((r: Extra) => /^[0-9]+$/.test(r.videoId)));
    },
    open_video: async (e) => {
      assert.equal(e.data.name, '大坝全景');
      const video = await get(e.data.url, false);
      assert.equal(video.headers.get('content-type'), 'video/webm');
      assert.equal((await get(e.data.poster, false)).headers.get('content-type'), 'image/svg+xml');
    },
    choose_fault: async (e) => {
      assert.equal(e.data.length, 3);
      const row = e.data[0];
      assert.deepEqual(Object.keys(row).sort(), [
        'device_name',
        'fdpId',
        'ord',
        'record_name',
        'stationId',
        'station_name',
        'time',
      ]);
      assert.equal(row.record_name, '1号机组定子温度偏高');
      assert.match(row.time, TIME);
    },
    result_diagnose: async (e) => {
      assert.equal(e.record_name, '1号机组定子温度偏高');
      assert.equal(e.device_name, '1号机组');
      assert.match(e.errorInfo, /定子温度/);
      const p = e.params;
      assert.deepEqual(Object.keys(p).sort(), ['device', 'fdpId', 'ord', 'recordname', 'stationId']);
      const process = await get(`/api/hzims-fdp/diagnosis/process?fdpId=${p.fdpId}&stationId=${p.stationId}`);
      assert.equal(process.json.data.steps[p.ord - 1].outcome, 'abnormal');
    },
    confirm_yk: async (e) => {
      assert.deepEqual(e.data, {
        projectId: 'HS0001',
        projectName: STATION,
        deviceCode: 'HS0001-G1',
        deviceName: '1号机组',
        name: '信号复归',
        signage: 'G1_RESET',
        modelClassifyId: 4,
      });
      const devices = (await get('/api/gglm-big-model/interactive/devices')).json.data;
      const device = devices.find((d: Extra) => d.deviceCode === 'HS0001-G1');
      assert.ok(device.functions.some((f: Extra) => f.signage === 'G1_RESET'));
    },
    control_device: async (e) => {
      assert.equal(e.data.length, 6);
      assert.ok(
        e.data.every((item: Extra) => item.deviceCode === 'HS0001-G1' && item.projectId === 'HS0001'),
      );
    },
    knowledge: async (e) => {
      assert.equal(e.data.length, 1);
      assert.match(e.data[0].url, /unit-vibration\.pdf$/);
      const pdf = await get(e.data[0].url, false);
      assert.equal(pdf.headers.get('content-type'), 'application/pdf');
      assert.match(pdf.text, /^%PDF-1\.4/);
      assert.equal(e.params.imgText.length, 3);
      const picture = await get(`${PICTURE_BASES[e.picSource]}${e.params.imgText[0].url}`, false);
      assert.equal(picture.headers.get('content-type'), 'image/svg+xml');
      assert.ok(e.params.imgText.every((i: Extra) => i.conclusion.length > 0));
    },
    choose_instruct: async (e) => {
      const list = (await get(`${BUSINESS}/dataInstruct/list`)).json.data;
      assert.deepEqual(
        e.data,
        list.map((i: Extra) => ({ name: i.name, id: i.id, description: i.description })),
      );
    },
    open_instruct: async (e) => {
      assert.deepEqual(e.data, { id: '10000101', name: '日发电量统计' });
    },
    record: async (e) => {
      assert.deepEqual(e.data, { id: '10000104', name: '运行日志记录' });
      assert.match(e.instanceId, /^log-\d{8}$/);
      assert.match(e.record_name, /\d{4}-\d{2}-\d{2}$/);
    },
    open_menu: async (e) => assert.deepEqual(e.data, { name: '消息中心', path: '/noticeinfo/info' }),
    choose_menu: async (e) => {
      assert.ok(e.data.length >= 2);
      assert.ok(e.data.some((m: Extra) => m.path === '/leave-workflow/apply/index'));
      assert.ok(e.data.every((m: Extra) => m.path.startsWith('/') && m.name));
    },
  };

  it('covers the 22 functions, one demo question each', () => {
    assert.equal(new Set(DEMO_QUESTIONS.map((q) => q.func)).size, 22);
    assert.deepEqual(Object.keys(CHECKS).sort(), DEMO_QUESTIONS.map((q) => q.func).sort());
  });

  for (const demo of DEMO_QUESTIONS)
    for (const lang of ['zh', 'en'] as const)
      it(`${demo.func} (${lang}): "${demo[lang]}"`, async () => {
        const answer = await ask(demo[lang], lang);
        assert.equal(answer.done, true);
        assert.deepEqual(
          answer.extras.map((e) => e.func),
          [demo.func],
        );
        assert.ok(answer.content.trim().length > 0, 'a short text with the block');
        await CHECKS[demo.func]!(answer.extras[0]!);
      });

  it('answers a bare number in its forms, and names an instruct run through its apiUrl', async () => {
    for (const text of ['2', '第2个', '第二个', 'No. 2'])
      assert.deepEqual((await ask(text, 'zh')).extras, [{ func: 'select_number', data: 2 }], text);
    assert.deepEqual((await ask('第十二项', 'zh')).extras[0]?.data, 12);
    for (const lang of ['zh', 'en'] as const) {
      const answer = await ask(DEMO_APIURL_QUESTION[lang], lang);
      const id = answer.extras[0]?.data.id;
      const list = (await get(`${BUSINESS}/dataInstruct/list`)).json.data;
      assert.equal(list.find((i: Extra) => i.id === id).apiUrl, `${BUSINESS}/demo/instruct/health`);
    }
  });
});
