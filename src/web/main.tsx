/** The page's entry: draws the app, and keeps the page working offline (sw.js) once loaded. */
import { render } from 'preact';
import { App } from './app.js';
import './style.css';

const root = document.getElementById('app')!;
root.textContent = '';
render(<App />, root);

if ('serviceWorker' in navigator && location.protocol !== 'file:') navigator.serviceWorker.register('./sw.js').catch(() => {});
