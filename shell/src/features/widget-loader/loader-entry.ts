// /widget/loader.js: see widget-loader.ts (ADR 0025).
import { loadOwnerWidget } from './widget-loader';

const script = document.currentScript as HTMLScriptElement | null;
if (script?.src) void loadOwnerWidget(document, script.src);
