/**
 * The widget's CSS, inside each shadow root. `:host` resets everything the page could pass down
 * (inheritance stops at `all: initial`); `!important` on :host wins over the page's own
 * `!important` rules for the host element (the shadow tree's context wins for important
 * declarations), and every element inside states its own font, colour and size, so rules like
 * `* { color: red !important }` on the page, which cannot reach into the shadow tree, leave no trace.
 */
export const widgetCss = `
:host { all: initial !important; display: block !important; box-sizing: border-box !important; width: auto !important; max-width: 100% !important; contain: content; }
:host([hidden]) { display: none !important; }
.rw, .rw * { box-sizing: border-box; margin: 0; padding: 0; border: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; font-size: 14px; font-weight: 400; font-style: normal; line-height: 1.4; letter-spacing: normal; text-transform: none; text-align: left; text-decoration: none; color: #1f2933; background: none; }
.rw { display: block; width: 100%; }
.rw-list { display: grid; gap: 16px; list-style: none; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); }
.rw[data-layout="list"] .rw-list { grid-template-columns: 1fr; }
.rw-card { display: flex; flex-direction: column; overflow: hidden; background: #ffffff; border: 1px solid #d9dee3; border-radius: 8px; }
.rw[data-layout="list"] .rw-card { flex-direction: row; align-items: stretch; }
.rw-media { display: block; position: relative; width: 100%; aspect-ratio: 4 / 3; background: #eef1f4; overflow: hidden; flex: none; }
.rw[data-layout="list"] .rw-media { width: 160px; }
.rw-media img { display: block; width: 100%; height: 100%; max-width: none; object-fit: cover; }
.rw-noimg { display: flex; align-items: center; justify-content: center; width: 100%; height: 100%; font-size: 12px; color: #5f6b76; }
.rw-body { display: flex; flex-direction: column; gap: 6px; padding: 12px; flex: 1 1 auto; min-width: 0; }
.rw-title { display: block; font-size: 16px; font-weight: 600; line-height: 1.3; color: #1f2933; overflow-wrap: anywhere; }
.rw-price { display: block; font-size: 15px; font-weight: 600; color: #0b6e4f; }
.rw-vat { font-size: 12px; font-weight: 400; color: #5f6b76; margin-left: 6px; }
.rw-days { display: block; font-size: 12px; color: #5f6b76; }
.rw-rent { display: inline-block; align-self: flex-start; margin-top: auto; padding: 8px 18px; border-radius: 6px; background: #0b6e4f; color: #ffffff; font-size: 14px; font-weight: 600; line-height: 1.2; text-align: center; cursor: pointer; }
.rw-rent:hover, .rw-rent:focus-visible { background: #095a41; color: #ffffff; outline: 2px solid #0b6e4f; outline-offset: 2px; }
.rw-state { display: block; padding: 16px; font-size: 14px; color: #5f6b76; }
`;
