export { renderContractPdf, contractFileName, refundScheduleLines } from './render-contract';
export { fontDirectory } from './fonts';
