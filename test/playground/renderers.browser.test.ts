import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { launchChromium } from './browser-helpers.js';

// The page's renderers (plain browser modules) run in Chromium, loaded from the emulator's static route.

let emu: SlackEmulator;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  emu = await startSlackEmulator({ port: 0, rateLimits: 'off' });
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(`${emu.url}/no-such-page`);
});

afterAll(async () => {
  await browser?.close();
  await emu?.close();
});

/**
 * Renders `source` with `exportName` from the page module `modulePath`, in the page, and returns the
 * element's HTML and visible text. The script is a string: vitest would rewrite an `import()` in a function.
 */
function renderInPage(modulePath: string, exportName: string, source: string): Promise<{ html: string; text: string }> {
  return page.evaluate(`(async () => {
    const mod = await import(${JSON.stringify(modulePath)});
    const el = mod[${JSON.stringify(exportName)}](${JSON.stringify(source)});
    document.body.replaceChildren(el);
    return { html: el.innerHTML, text: el.innerText };
  })()`);
}

const mrkdwn = (source: string) => renderInPage('/mrkdwn.js', 'renderMrkdwn', source);
const markdown = (source: string) => renderInPage('/markdown.js', 'renderMarkdown', source);

describe('mrkdwn renderer', () => {
  it('formats bold, italic, strike and code, nested, at word boundaries only', async () => {
    const out = await mrkdwn('*bold _and italic_* ~gone~ `*not bold*` snake_case_name 2*3*4');
    expect(out.html).toContain('<b>bold <i>and italic</i></b>');
    expect(out.html).toContain('<s>gone</s>');
    expect(out.html).toContain('<code class="mrkdwn-code">*not bold*</code>');
    expect(out.text).toContain('snake_case_name 2*3*4');
  });

  it('renders links, mentions and special mentions; refuses script URLs', async () => {
    const out = await mrkdwn('<https://ex.com/a_b_c|label_x> <@U123|dana> <#C1|research> <!here> <javascript:alert(1)|click>');
    expect(out.html).toContain('href="https://ex.com/a_b_c"');
    expect(out.text).toContain('label_x');
    expect(out.text).toContain('@dana');
    expect(out.text).toContain('#research');
    expect(out.html).toContain('mention-broadcast');
    expect(out.html).not.toContain('href="javascript:');
    expect(out.text).toContain('<javascript:alert(1)|click>');
  });

  it('decodes entities once and keeps raw or escaped HTML as text', async () => {
    const out = await mrkdwn('&lt;b&gt;x&lt;/b&gt; &amp;lt; <script>alert(1)</script>');
    expect(out.text).toBe('<b>x</b> &lt; <script>alert(1)</script>');
    expect(out.html).not.toMatch(/<b>x<\/b>|<script>/);
  });

  it('renders known emoji, leaves unknown shortcodes, quotes, fences and unclosed fences', async () => {
    const out = await mrkdwn(':white_check_mark: :no_such_emoji:\n&gt; quoted\n```\n*raw*\n```\n``` open');
    expect(out.text).toContain('✅ :no_such_emoji:');
    expect(out.html).toContain('<blockquote class="mrkdwn-quote">');
    expect(out.html).toContain('<pre class="mrkdwn-pre">*raw*</pre>');
    expect(out.text).toContain('``` open');
  });
});

describe('markdown renderer', () => {
  it('renders emphasis, links, code and refuses script links', async () => {
    const out = await markdown('**a** *b* ***c*** ~~d~~ `e*` [f](https://ex.com) [g](javascript:alert(1)) snake_case');
    expect(out.html).toContain('<strong>a</strong>');
    expect(out.html).toContain('<em>b</em>');
    expect(out.html).toContain('<strong><em>c</em></strong>');
    expect(out.html).toContain('<del>d</del>');
    expect(out.html).toContain('<code class="md-code">e*</code>');
    expect(out.html).toContain('href="https://ex.com"');
    expect(out.html).not.toContain('javascript:');
    expect(out.text).toContain('snake_case');
  });

  it('renders headings, nested and switching lists, quotes, fences and aligned tables', async () => {
    const out = await markdown('# Title\n- a\n  - a1\n- b\n1. one\n2. two\n> quote\n```js\n<b>x</b>\n```\n| h | n |\n|---|--:|\n| r | 1 |');
    expect(out.html).toMatch(/<h3 class="md-heading">Title<\/h3>/);
    expect(out.html).toMatch(
      /<ul class="md-list"><li>a<ul class="md-list"><li>a1<\/li><\/ul><\/li><li>b<\/li><\/ul><ol class="md-list"><li>one<\/li><li>two<\/li><\/ol>/,
    );
    expect(out.html).toContain('<blockquote class="md-quote">');
    expect(out.html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(out.html).toContain('<td style="text-align: right;">1</td>');
  });
});
