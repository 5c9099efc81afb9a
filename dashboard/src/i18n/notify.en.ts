/** The notifications bell and panel, and the sound and push settings. */
export const notifyEn = {
  bell: 'Notifications',
  bellUnread: 'Notifications, {count} unread',
  panelTitle: 'Notifications',
  markAllRead: 'Mark all read',
  empty: 'No notifications yet.',
  loadFailed: 'Notifications could not be loaded.',
  unread: 'Unread',
  mentionAgents: 'Agents to mention',
  sound: 'Sound for new conversations and messages',
  soundOn: 'Always',
  soundHidden: 'Only when the tab is in the background',
  soundOff: 'Off',
  push: 'Notifications on this device when Parley is closed',
  pushUnavailable: 'This browser or server does not offer push notifications.',
  pushFailed: 'Push notifications could not be turned on.',
}
