import { previewStatistics, textStatistics, WordCounter } from '@inkstone/core';
import { median, ms, percentile } from './stats';

// The status bar's counts (words, characters, lines…) of a 250,000-character text, as the app
// takes them 500 ms after typing stops: the first count of a text, and a count after a
// keystroke in its middle with the word counter of the first kept (the app keeps one for the
// text and one for the preview). The texts are made here from a few sentences: English
// markdown, Chinese, Japanese and Korean prose, and a mix of them.

const LENGTH = 250_000;
const RUNS = 21;

const SENTENCES: Record<string, readonly string[]> = {
  english: [
    'The editor keeps every word in the browser as you type.',
    'A **bold** claim, an _emphasised_ aside and `inline code` share the line.',
    '- [ ] a task that is not done yet, with a [link](https://example.com/page).',
    '## A heading of the second level',
    'Numbers such as 1,250.75 and dates like 2026-11-26 count as one word each.',
  ],
  chinese: [
    '我们在浏览器里写作，每一个字都保存在本地数据库中。',
    '预览会随着输入实时更新，表格、公式和任务列表都能显示。',
    '今天天气很好，我和朋友去公园散步，看到了很多盛开的花。',
    '## 第二级标题',
    '同步功能可以把工作区保存到自己的服务器上。',
  ],
  japanese: [
    '私たちはブラウザで文章を書き、すべての文字を保存します。',
    'プレビューは入力に合わせてすぐに更新されます。',
    '東京の天気は晴れで、友達と一緒に公園を散歩しました。',
  ],
  korean: [
    '우리는 브라우저에서 글을 쓰고 모든 글자를 저장합니다.',
    '미리 보기는 입력할 때마다 바로 바뀝니다.',
    '오늘은 날씨가 좋아서 친구와 함께 공원을 산책했습니다.',
  ],
};

// A text of about LENGTH characters: paragraphs of three to six sentences of `kinds`.
function makeText(kinds: readonly string[]): string {
  const pool = kinds.flatMap((kind) => SENTENCES[kind]!);
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647);
  const paragraphs: string[] = [];
  let length = 0;
  while (length < LENGTH) {
    const sentences = Array.from({ length: 3 + (next() % 4) }, () => pool[next() % pool.length]);
    const paragraph = sentences.join(kinds.includes('english') ? ' ' : '');
    paragraphs.push(paragraph);
    length += paragraph.length + 2;
  }
  return paragraphs.join('\n\n').slice(0, LENGTH);
}

function time(run: () => unknown): { p50: number; p95: number } {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return { p50: median(times), p95: percentile(times, 95) };
}

/** Prints the time the status bar's counts take on 250,000-character texts (median and p95 of
 * 21 runs each), with the words counted. */
export function benchStatistics(): void {
  console.log('\nStatus bar statistics of a 250,000-character text (Node, 21 runs)');
  const texts: [string, string[]][] = [
    ['English markdown', ['english']],
    ['Chinese', ['chinese']],
    ['Japanese', ['japanese']],
    ['Korean', ['korean']],
    ['Chinese, Japanese, Korean and English', ['chinese', 'japanese', 'korean', 'english']],
  ];
  for (const [label, kinds] of texts) {
    const text = makeText(kinds);
    const words = (stats: { name: string; value: number }[]) =>
      stats.find((stat) => stat.name === 'Words')?.value;
    const ofText = time(() => textStatistics(text));
    const ofPreview = time(() => previewStatistics(text));
    // A keystroke in the middle of the text, counted with the counter of the text before it.
    const middle = text.length >> 1;
    const counter = new WordCounter();
    counter.count(text);
    let keystrokes = 0;
    const again = time(() => {
      keystrokes += 1;
      const typed = keystrokes % 2 ? '字' : 'a';
      return textStatistics(text.slice(0, middle) + typed + text.slice(middle), counter);
    });
    console.log(
      `  ${label}: text ${ms(ofText.p50)} (p95 ${ms(ofText.p95)}), ` +
        `preview ${ms(ofPreview.p50)} (p95 ${ms(ofPreview.p95)}), ` +
        `after a keystroke ${ms(again.p50)} (p95 ${ms(again.p95)}); ` +
        `${words(textStatistics(text))?.toLocaleString('en')} words`,
    );
  }
}
