// The build loads .css files as text (asset/source); point-map injects it into a <style> once.
declare module 'ol/ol.css' {
  const css: string;
  export default css;
}
