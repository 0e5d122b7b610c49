import { expect } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { openApp, preview, replaceText } from './helpers';

// Words of Chinese and Japanese are cut by the browser's word segmenter (Intl.Segmenter), not
// counted as one word a paragraph; English and Korean (with Hanja too) count as before, by their
// spaces. Each figure is matched whole: "Words9" must not pass for "Words90".

test('the status bar counts the words of Chinese, Japanese and mixed text as a reader would', async ({
  page,
}) => {
  await openApp(page);
  await replaceText(page, '');
  // A paragraph of Chinese, typed as an input method commits it.
  await page.keyboard.insertText('今天天气很好，我和朋友去公园散步。');
  const textStats = page.getByLabel('Text statistics');
  const previewStats = page.getByLabel('Preview statistics');
  // 今天 天气 很好 我 和 朋友 去 公园 散步
  await expect(textStats).toContainText(/Words9(?!\d)/);
  await expect(previewStats).toContainText(/Words9(?!\d)/);
  await expect(previewStats).toContainText(/Characters17(?!\d)/);

  await page.keyboard.insertText(
    '\n\n## 标题\n\n猫が好きです。 I like cats，用iPhone拍照。\n\n오늘은 날씨가 좋아요.',
  );
  await expect(preview(page).getByRole('heading', { name: '标题' })).toBeVisible();
  // Text: 9, then "##" and 标题 (2), 猫 が 好き です (4), I like (2), cats 用 iPhone 拍照 (4),
  // and three Korean words.
  await expect(textStats).toContainText(/Words24(?!\d)/);
  // The preview has no "##".
  await expect(previewStats).toContainText(/Words23(?!\d)/);
  await expect(previewStats).toContainText(/Paragraphs4(?!\d)/);

  // Korean written with Chinese characters still counts by its spaces; a lone 々 is a word.
  await replaceText(page, '');
  await page.keyboard.insertText('大韓民國은 韓國語를 배운다 々');
  await expect(textStats).toContainText(/Words4(?!\d)/);
  await expect(previewStats).toContainText(/Words4(?!\d)/);
});
