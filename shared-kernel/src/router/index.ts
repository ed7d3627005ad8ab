// The router API the slices use, and the only door to react-router (ADR 0023). react-router is no
// longer a shared package of its own: shared whole it shipped every export (data routers, SSR,
// cookies) to every page. Bundled here, webpack keeps only what this file names, and because this
// subpath is a kernel singleton every slice still meets one router context per page.
// Add a name here (a minor kernel change) before a slice imports it; eslint refuses 'react-router'.
export { BrowserRouter } from './browser-router';
export { Link, matchPath, Navigate, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
