/// <reference types="vite/client" />
declare const WARODDS_VERSION: string;
