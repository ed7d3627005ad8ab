import type { OwnerWidgetProduct, OwnerWidgetResponse } from 'shared-kernel/schemas';
import { format } from 'shared-kernel/messages';
import { ownerWidgetTexts as t } from '../../../messages/owner-widget';
import { dailyPriceText, freeDaysText } from '../model/format';
import type { WidgetOptions } from '../model/widget-options';
import { widgetCss } from './widget-styles';

/** Elements only: every text goes in through textContent, never as HTML (it is owners' text). */
function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Only http(s) URLs become links and images: a `javascript:` URL must never reach an href. */
function safeUrl(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function isProduct(p: unknown): p is OwnerWidgetProduct {
  const o = p as Partial<OwnerWidgetProduct> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    typeof o.id === 'number' &&
    typeof o.title === 'string' &&
    typeof o.dailyPriceCents === 'number' &&
    Number.isFinite(o.dailyPriceCents) &&
    typeof o.vatIncluded === 'boolean' &&
    Array.isArray(o.nextFreeDays) &&
    safeUrl(o.productUrl) !== null
  );
}

/** The shadow root of a widget element: made once, its content replaced on each state. */
export function widgetRoot(host: HTMLElement, version: string): { root: ShadowRoot; frame: HTMLElement } {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  root.replaceChildren();
  const doc = host.ownerDocument;
  const style = el(doc, 'style');
  style.textContent = widgetCss;
  const frame = el(doc, 'div', 'rw');
  frame.dataset.version = version;
  root.append(style, frame);
  host.dataset.rendimeVersion = version;
  return { root, frame };
}

export function renderState(frame: HTMLElement, state: 'loading' | 'empty' | 'error'): void {
  const doc = frame.ownerDocument;
  const text = state === 'loading' ? t.loading : state === 'empty' ? t.empty : t.error;
  const box = el(doc, 'p', 'rw-state', text);
  box.setAttribute('role', 'status');
  box.dataset.state = state;
  frame.dataset.state = state;
  frame.replaceChildren(box);
}

function card(doc: Document, p: OwnerWidgetProduct): HTMLLIElement {
  const item = el(doc, 'li', 'rw-card');
  item.dataset.productId = String(p.id);
  const media = el(doc, 'div', 'rw-media');
  const image = safeUrl(p.imageUrl);
  if (image) {
    const img = el(doc, 'img');
    img.src = image;
    img.alt = p.title;
    img.setAttribute('loading', 'lazy');
    img.setAttribute('decoding', 'async');
    media.append(img);
  } else {
    media.append(el(doc, 'span', 'rw-noimg', t.noImage));
  }
  const body = el(doc, 'div', 'rw-body');
  const title = el(doc, 'h3', 'rw-title', p.title);
  const price = el(doc, 'p', 'rw-price', dailyPriceText(p.dailyPriceCents));
  if (p.vatIncluded) price.append(el(doc, 'span', 'rw-vat', t.vatIncluded));
  const days = el(doc, 'p', 'rw-days', freeDaysText(p.nextFreeDays.filter((d) => typeof d === 'string')));
  const rent = el(doc, 'a', 'rw-rent', t.rent);
  rent.href = safeUrl(p.productUrl) as string;
  rent.target = '_blank';
  // The platform's page must not get a handle on the owner's page (and the owner's site no opener).
  rent.rel = 'noopener';
  rent.setAttribute('aria-label', format(t.rentLabel, { title: p.title }));
  body.append(title, price, days, rent);
  item.append(media, body);
  return item;
}

export function renderProducts(frame: HTMLElement, opts: WidgetOptions, answer: OwnerWidgetResponse): void {
  const products = answer.products.filter(isProduct).slice(0, opts.limit);
  if (products.length === 0) return renderState(frame, 'empty');
  const doc = frame.ownerDocument;
  const list = el(doc, 'ul', 'rw-list');
  list.setAttribute('aria-label', format(t.listLabel, { owner: typeof answer.owner?.name === 'string' ? answer.owner.name : '' }));
  list.append(...products.map((p) => card(doc, p)));
  frame.dataset.state = 'ready';
  frame.dataset.layout = opts.layout;
  frame.replaceChildren(list);
}
