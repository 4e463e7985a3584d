// Runs in the page (an init script or page.evaluate): marks the notices parcel's once-per-session alarm
// and warning dialogs as seen for an account, as the parcel keeps them (the tab's site storage: the site
// prefix, a stored record), so they do not open by themselves over what a test or bench clicks. Shared by
// the end-to-end helpers and the benches.

/** @param {{ tenantId: string, account: string }} who */
export function noticeDialogsSeen({ tenantId, account }) {
  const record = JSON.stringify({ dataType: 'boolean', content: true, datetime: Date.now() });
  for (const flag of ['alarm-finished', 'warning-shown'])
    sessionStorage.setItem(`saber-ops-notices:${flag}:${tenantId}:${account}`, record);
}
