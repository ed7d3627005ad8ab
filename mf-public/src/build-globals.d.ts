declare const __APP_NAME__: string;
declare const __APP_VERSION__: string;
declare const __STANDALONE__: boolean;
declare const __SANDBOX__: boolean;
