import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "~/platform/security/sanitize-html";

describe("FAQ answer sanitizing", () => {
  it("keeps the formatting admins use", () => {
    const html =
      '<p>Yes, <strong>no minimums</strong>.</p><ul><li><a href="/pricing">Plans</a></li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("drops scripts, styles and frames with their content", () => {
    expect(sanitizeHtml("<p>Hi</p><script>alert(1)</script><style>p{}</style>")).toBe("<p>Hi</p>");
    expect(sanitizeHtml('<iframe src="https://evil.example"></iframe>ok')).toBe("ok");
  });

  it("drops inline event handlers and script URLs", () => {
    expect(sanitizeHtml('<img src="x" onerror="alert(1)">')).toBe('<img src="x" />');
    expect(sanitizeHtml("<p onclick='steal()'>Hi</p>")).toBe("<p>Hi</p>");
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeHtml('<a href=" JavaScript:alert(1)">x</a>')).toBe("<a>x</a>");
  });

  it("cannot be tricked into reassembling a removed tag", () => {
    expect(sanitizeHtml("<scr<script>x</script>ipt>alert(1)</script>")).not.toMatch(/<script/i);
  });
});

// From the OWASP XSS filter evasion cheat sheet and html5sec.org, as admins could paste them.
const vectors = [
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href="java\0script:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="javascript:alert(1)">',
  "<img src=x onerror=alert(1)//>",
  '<img """><script>alert(1)</script>">',
  "<IMG SRC=`javascript:alert(1)`>",
  '<svg onload="alert(1)"><circle /></svg>',
  "<svg><script>alert(1)</script></svg>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<input autofocus onfocus="alert(1)">',
  '<details open ontoggle="alert(1)">',
  '<body onload="alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="behavior:url(x.htc)">x</p>',
  '<a href="x" onmouseover="alert(1)">x</a>',
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "<<script>alert(1)//<</script>",
  "<!--<script>alert(1)</script>-->",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  "<template><img src=x onerror=alert(1)></template>",
  '<a href="//evil.example">x</a>',
];

describe("known XSS vectors", () => {
  it.each(vectors)("leaves nothing executable in %s", (html) => {
    const clean = sanitizeHtml(html);
    expect(clean).not.toMatch(
      /<(script|svg|math|iframe|object|embed|form|input|button|meta|base|link|style|body|details|template)\b/i,
    );
    expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
    expect(clean).not.toMatch(/\sstyle\s*=/i);
    expect(clean).not.toMatch(
      /(href|src|action)\s*=\s*["'`]?\s*(javascript|vbscript|data|&#|\/\/)/i,
    );
  });

  it("keeps links, lists, tables and emphasis exactly as written", () => {
    const html =
      '<p>See <a href="https://www.example.com/a?b=1&amp;c=2">the guide</a> or call <a href="tel:+15135550142">us</a>.</p>' +
      "<ol><li><em>One</em></li><li><strong>Two</strong></li></ol><h3>Sizes</h3>";
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("keeps a new-tab link safe for the page that opened it", () => {
    expect(sanitizeHtml('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
