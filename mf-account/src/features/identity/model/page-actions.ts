/** Side effects on the whole page, behind an object so component tests can replace them. */
export const pageActions = {
  reload(): void {
    window.location.reload();
  },
};
