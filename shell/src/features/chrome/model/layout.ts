/** The public header's bar height (its bottom border adds 1 px). */
export const PUBLIC_HEADER_HEIGHT = '64px';

/**
 * The main outlet fills the first screen below the header before any slice has mounted, so the
 * footer starts below the fold and a slice's content arriving never moves it in view (CLS, issue
 * 16). `vh` is the large viewport on mobile, so the footer stays below the fold there too.
 */
export const OUTLET_MIN_HEIGHT = `calc(100vh - ${PUBLIC_HEADER_HEIGHT} - 1px)`;
