import { expect } from '@esm-bundle/chai';
import {
  clearAll,
  closePopup,
  dismiss,
  EMPTY_FEED,
  FEED_LIMIT,
  type FeedItem,
  type FeedState,
  frameBatcher,
  receive,
  reopen,
  safeLink,
  toFeedItem,
  toggleMore,
  visibleItems,
} from './feed';

const item = (id: number): FeedItem => ({
  id,
  kind: 2,
  title: `t${id}`,
  body: 'b',
  time: '2026-11-23 10:00:00',
  link: '',
  businessClassify: 'alarm',
  messageId: String(id),
});

describe('notification popup rules (spec §4 Notifications)', () => {
  it('reads kind 1 and kind 2 frames by their fields; other frames are not items', () => {
    expect(
      toFeedItem({ id: 3, kind: 1, deptName: '飞来峡', ts: '2026-11-23 10:00:00', soe_explain: '分闸' }),
    ).to.deep.equal({
      id: 3,
      kind: 1,
      title: '飞来峡',
      body: '分闸',
      time: '2026-11-23 10:00:00',
      link: '',
      businessClassify: '',
      messageId: '',
    });
    expect(
      toFeedItem({
        id: 4,
        kind: 2,
        subject: '越限',
        content: '<script>x</script>',
        pushTime: 'p',
        link: '/station-monitor/alarm/index',
        businessClassify: 'alarm',
        messageId: '88',
      }),
    ).to.deep.include({
      title: '越限',
      body: '<script>x</script>',
      link: '/station-monitor/alarm/index',
      messageId: '88',
    });
    for (const bad of [{ id: 5, kind: 3 }, { id: 'x', kind: 1 }, { id: 0, kind: 2 }, { kind: 2 }])
      expect(toFeedItem(bad), JSON.stringify(bad)).to.equal(null);
  });

  it('keeps only same-origin paths as links', () => {
    const cases: [unknown, string][] = [
      ['/station-monitor/alarm/index?x=1', '/station-monitor/alarm/index?x=1'],
      ['javascript:alert(1)', ''],
      ['//evil.example/x', ''],
      ['/\\evil.example', ''],
      ['https://evil.example', ''],
      ['/a b', ''],
      [5, ''],
    ];
    for (const [value, expected] of cases) expect(safeLink(value), String(value)).to.equal(expected);
  });

  it('puts a new message in front and shows the popup', () => {
    let s = receive(EMPTY_FEED, [item(1)]);
    expect(s.open).to.equal(true);
    s = receive({ ...s, open: false }, [item(2), item(3)]);
    expect(s.items.map((i) => i.id)).to.deep.equal([3, 2, 1]);
    expect(s.open).to.equal(true);
    expect(receive(s, [])).to.equal(s);
  });

  it('keeps at most FEED_LIMIT items, the newest', () => {
    const many = Array.from({ length: FEED_LIMIT + 20 }, (_, i) => item(i + 1));
    const s = receive(EMPTY_FEED, many);
    expect(s.items).to.have.length(FEED_LIMIT);
    expect(s.items[0]!.id).to.equal(FEED_LIMIT + 20);
  });

  it('closing with one item empties the list; with several only hides the popup', () => {
    expect(closePopup(receive(EMPTY_FEED, [item(1)]))).to.deep.equal(EMPTY_FEED);
    const hidden = closePopup(receive(EMPTY_FEED, [item(1), item(2)]));
    expect(hidden.open).to.equal(false);
    expect(hidden.items).to.have.length(2);
    expect(visibleItems(hidden)).to.deep.equal([]);
    expect(reopen(hidden).open).to.equal(true);
    expect(reopen(EMPTY_FEED)).to.equal(EMPTY_FEED);
  });

  it("'more' expands to the list and back; clear all empties it", () => {
    const s: FeedState = receive(EMPTY_FEED, [item(1), item(2), item(3)]);
    expect(visibleItems(s).map((i) => i.id)).to.deep.equal([3]);
    expect(visibleItems(toggleMore(s)).map((i) => i.id)).to.deep.equal([3, 2, 1]);
    expect(toggleMore(toggleMore(s)).expanded).to.equal(false);
    expect(clearAll(s)).to.deep.equal(EMPTY_FEED);
  });

  it('dismisses one item; the last one closes the popup', () => {
    const s = receive(EMPTY_FEED, [item(1), item(2)]);
    expect(dismiss(s, 2).items.map((i) => i.id)).to.deep.equal([1]);
    expect(dismiss(dismiss(s, 2), 1)).to.deep.equal(EMPTY_FEED);
  });

  it('hands arrivals over once per frame, in order', () => {
    const frames: (() => void)[] = [];
    const batches: number[][] = [];
    const b = frameBatcher<number>(
      (flush) => frames.push(flush),
      () => undefined,
      (batch) => batches.push(batch),
    );
    b.push(1);
    b.push(2);
    b.push(3);
    expect(frames).to.have.length(1, 'one frame requested for three arrivals');
    frames.shift()!();
    expect(batches).to.deep.equal([[1, 2, 3]]);
    b.push(4);
    expect(frames).to.have.length(1);
    frames.shift()!();
    expect(batches).to.deep.equal([[1, 2, 3], [4]]);
  });

  it('drops a burst beyond what can show, and nothing after dispose', () => {
    const frames: (() => void)[] = [];
    const batches: number[][] = [];
    let cancelled = 0;
    const b = frameBatcher<number>(
      (flush) => frames.push(flush),
      () => {
        cancelled += 1;
      },
      (batch) => batches.push(batch),
    );
    for (let i = 1; i <= FEED_LIMIT * 3; i++) b.push(i);
    frames.shift()!();
    expect(batches[0]!.length).to.be.at.most(FEED_LIMIT * 2);
    expect(batches[0]!.at(-1)).to.equal(FEED_LIMIT * 3);
    b.push(1);
    b.dispose();
    expect(cancelled).to.equal(1);
  });
});
