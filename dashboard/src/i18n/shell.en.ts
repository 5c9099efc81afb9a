/** The shell's strings: sign-in, navigation, the inbox list, notifications, shortcuts. */
export const shellEn = {
  appName: 'Parley',
}
