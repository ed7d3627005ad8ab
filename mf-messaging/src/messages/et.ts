import type { TextCatalogue } from 'shared-kernel/messages';

/**
 * mf-messaging's own UI texts. Shared texts (the spec's empty-list texts, the self-message rule)
 * come from shared-kernel/messages; each feature group keeps its keys in its own nested object.
 */
export const messagingTexts = {
  badges: {
    messages: 'Sõnumid',
    messagesLabel: 'Sõnumid, {count} lugemata',
    notifications: 'Teavitused',
    notificationsLabel: 'Teavitused, {count} lugemata',
    noNotifications: 'Teavitusi pole',
    openRental: 'Vaata renti',
  },
  dialog: {
    title: 'Saada sõnum',
    titleTo: 'Sõnum: {name}',
    message: 'Sõnum',
    send: 'Saada',
    cancel: 'Loobu',
    sent: 'Sõnum saadetud.',
    failed: 'Sõnumi saatmine ebaõnnestus.',
    signInFirst: 'Sõnumi saatmiseks logi sisse.',
    signIn: 'Logi sisse',
  },
  chat: {
    title: 'Sõnumid',
    parties: 'Vestlused',
    thread: 'Vestlus: {name}',
    choose: 'Vali vestlus vasakult.',
    unseen: 'lugemata',
    newMessage: 'Uus sõnum',
    send: 'Saada',
    sending: 'Saadan...',
    sendFailed: 'Sõnumi saatmine ebaõnnestus. Proovi uuesti.',
    loadFailed: 'Laadimine ebaõnnestus',
    mine: 'Sina',
  },
} as const satisfies TextCatalogue;
