import { expect } from '@esm-bundle/chai';
import { type AskRequest, chatInputs } from './api';

const request = (change: Partial<AskRequest> = {}): AskRequest => ({
  sessionId: 's'.repeat(32),
  queryId: 'q1',
  question: '青山水电站',
  think: false,
  webSearch: false,
  persona: 'hydropower',
  areas: ['s1'],
  visual: false,
  ...change,
});

describe('assistant chat inputs (spec §7)', () => {
  it('sends a typed question with client 0, no choice, and show_type 0 outside the visual system', () => {
    expect(chatInputs('7', request())).to.deep.equal({
      user_id: '7',
      query_id: 'q1',
      app_id: 'hydropower',
      areas: ['s1'],
      client: 0,
      show_type: 0,
      extra: '',
      is_select: 0,
      query: '青山水电站',
      extra_list: [],
    });
  });

  it('asks for show_type 1 only in the visual system', () => {
    expect(chatInputs('7', request({ visual: true })).show_type).to.equal(1);
    expect(chatInputs('7', request({ visual: false })).show_type).to.equal(0);
    expect(chatInputs('7', request({ areas: [] })).areas).to.deep.equal([]);
  });

  it('sends a choice back: is_select 1, the item as a JSON string, the list’s objects', () => {
    const item = { station_name: '青山水电站', stationId: 's1' };
    const list = [item, 'text', 3, null, [1], { station_name: '白河水电站', stationId: 's2' }];
    const inputs = chatInputs('7', request({ choice: { item, list } }));
    expect(inputs.is_select).to.equal(1);
    expect(inputs.extra).to.be.a('string');
    expect(JSON.parse(inputs.extra)).to.deep.equal(item);
    expect(inputs.extra_list).to.deep.equal([item, { station_name: '白河水电站', stationId: 's2' }]);
    expect(inputs).to.include({ client: 0, query: '青山水电站', app_id: 'hydropower' });
  });
});
