/**
 * The answers that carry an action function (spec §3, docs/assistant-actions.md), told from the question's
 * words (zh and en) over the seeded facts. Each matcher is specific enough that the text intents of the
 * responder (alarms, generation, history, station, list) keep their questions. Pure over `AssistantData`.
 */
import { answerOf, instructItem, menuItem } from './assistant-action-items.ts';
import {
  canvases,
  chooseStation,
  devices,
  faults,
  has,
  type Matcher,
  telemetry,
  videos,
} from './assistant-actions-station.ts';
import {
  type Answer,
  type AssistantData,
  type ExtraItem,
  L,
  type Lang,
  type StationFacts,
} from './assistant-facts.ts';

const CN_DIGITS = '一二三四五六七八九';

/** The number of a bare-number reply ("2", "第2个", "第二个", "number 2"), or null. */
export function selectedNumber(question: string): number | null {
  const q = question.trim().replace(/[。.!！?？]$/, '');
  const digits =
    /^(?:第\s*)?([0-9]{1,4})\s*(?:个|项|条|号)?$/.exec(q) ??
    /^(?:number|no\.?|#|item|option)\s*([0-9]{1,4})$/i.exec(q);
  if (digits) return Number(digits[1]);
  const cn = /^第?([一二三四五六七八九十]{1,3})(?:个|项|条|号)?$/.exec(q);
  if (!cn) return null;
  const [tens, ones] = cn[1]!.includes('十') ? cn[1]!.split('十') : ['', cn[1]!];
  const value = (text: string | undefined) => CN_DIGITS.indexOf(text ?? '') + 1;
  if (cn[1]!.includes('十')) return (tens ? value(tens) : 1) * 10 + (ones ? value(ones) : 0);
  return ones!.length === 1 ? value(ones) : null;
}

const knowledge: Matcher = ({ lower, lang }, _data, acts) => {
  if (
    !has(lower, /知识|规程|手册|怎么处理|如何处理|怎么办|how (do i|to) (handle|deal)|manual|procedure|guide/)
  )
    return null;
  const all = acts.knowledge();
  const matched = all.filter((k) => k.keywords.some((w) => lower.includes(w.toLowerCase())));
  const docs = matched.length > 0 ? matched : all;
  const pictures = acts.pictures();
  const first = all.indexOf(docs[0]!);
  const picSource = (pictures[first]?.picSource ?? 0) as 0 | 1 | 2;
  return answerOf(
    [L(lang, '在知识库中检索相关规程', 'searching the knowledge base')],
    [
      L(lang, `找到 **${docs.length}** 份相关资料：`, `Found **${docs.length}** documents:`),
      '',
      ...docs.map((d) => `- ${L(lang, d.name, d.englishName)}`),
      '',
      L(lang, '点击资料名称查看原文。', 'Open a document to read it.'),
    ],
    [
      {
        func: 'knowledge',
        label: L(lang, '参考资料', 'Sources'),
        picSource,
        data: docs.map((d) => ({ name: L(lang, d.name, d.englishName), url: d.url })),
        params: {
          imgText: pictures.map((p) => ({
            url: p.url,
            conclusion: L(lang, p.conclusion, p.englishConclusion),
          })),
        },
      },
    ],
  );
};

const instructs: Matcher = ({ text, lower, lang, named }, data, acts) => {
  const record = has(lower, /运行日志|记录日志|shift log/);
  if (!record && !has(lower, /指令|instruct/)) return null;
  const list = acts.instructs();
  const { now } = data.times();
  if (record) {
    const rec = list.find((i) => i.record);
    if (!rec) return null;
    const day = now.slice(0, 10);
    const name = L(lang, `运行日志 ${day}`, `Shift log ${day}`);
    return answerOf(
      [L(lang, '用户要记录运行日志', 'The user wants to record the shift log')],
      [L(lang, `正在生成 **${name}**：`, `Writing **${name}**:`)],
      [
        {
          func: 'record',
          label: rec.name,
          record_name: name,
          instanceId: `log-${day.replace(/-/g, '')}${named[0] ? `-${named[0].stationId}` : ''}`,
          station_name: named[0]?.name,
          data: { id: rec.id, name: rec.name },
        },
      ],
    );
  }
  const chosen = list.find((i) => text.includes(i.name) || lower.includes(i.englishName));
  if (chosen)
    return answerOf(
      [L(lang, `执行指令${chosen.name}`, `running the instruct ${chosen.englishName}`)],
      [L(lang, `正在执行指令 **${chosen.name}**：`, `Running the instruct **${chosen.name}**:`)],
      [instructItem(chosen)],
    );
  return answerOf(
    [L(lang, '列出可执行的数据指令', 'listing the data instructs')],
    [L(lang, `共有 **${list.length}** 条数据指令，请选择：`, `**${list.length}** instructs, choose one:`)],
    [
      {
        func: 'choose_instruct',
        label: L(lang, '数据指令', 'Instructs'),
        data: list.map((i) => ({ name: i.name, id: i.id, description: i.description })),
      },
    ],
  );
};

const FILLER =
  /打开|进入|菜单|页面|相关|的|open|go to|the|menus?|pages?|\ba\b|\ban\b|about|related|[?？。.!！\s]/g;

const menus: Matcher = ({ text, lower, lang }, _data, acts) => {
  if (!has(lower, /打开|进入|open|go to/)) return null;
  const term = lower.replace(FILLER, '');
  if (term.length < 2) return null;
  const words = lower
    .replace(/open|go to|the|menus?|pages?|\ba\b|\ban\b|[?？。.!！]/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
  const found = acts
    .menus()
    .filter(
      (m) => m.name.includes(term) || text.includes(m.name) || (words.length > 2 && m.words.includes(words)),
    );
  if (found.length === 0) return null;
  if (found.length === 1)
    return answerOf(
      [L(lang, `找到菜单${found[0]!.name}`, `found the menu ${found[0]!.name}`)],
      [L(lang, `点击打开 **${found[0]!.name}**。`, `Open **${found[0]!.name}**.`)],
      [menuItem(found[0]!)],
    );
  return answerOf(
    [L(lang, '找到多个菜单', 'several menus match')],
    [L(lang, `找到 **${found.length}** 个菜单，请选择：`, `**${found.length}** menus match, choose one:`)],
    [
      {
        func: 'choose_menu',
        label: L(lang, '菜单', 'Menus'),
        data: found.slice(0, 20).map((m) => ({ name: m.name, path: m.path })),
      },
    ],
  );
};

/** In order: the first matcher that answers wins. */
const MATCHERS: Matcher[] = [
  knowledge,
  instructs,
  faults,
  videos,
  canvases,
  devices,
  telemetry,
  chooseStation,
  menus,
];

/** The answer with an action function, or null when the question asks for none (the text intents answer). */
export function actionAnswer(
  question: string,
  data: AssistantData,
  lang: Lang,
  named: StationFacts[],
): Answer | null {
  const acts = data.actions;
  if (!acts) return null;
  const n = selectedNumber(question);
  if (n !== null)
    return answerOf(
      [L(lang, `用户选择了第 ${n} 项`, `the user picked item ${n}`)],
      [L(lang, `好的，第 ${n} 项。`, `Item ${n}.`)],
      [{ func: 'select_number', data: n } satisfies ExtraItem],
    );
  const q = { text: question, lower: question.toLowerCase(), lang, named };
  for (const match of MATCHERS) {
    const answer = match(q, data, acts);
    if (answer) return answer;
  }
  return null;
}
