// React's runtime (react, react-dom and its scheduler), imported by main.ts before the app: its evaluation
// (about 15 ms at full speed, most of it V8 parsing react-dom) is a task of its own, the app's modules are
// evaluated in the next one.
export { createRoot } from 'react-dom/client';
