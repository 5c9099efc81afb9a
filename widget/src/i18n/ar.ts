import type { Strings } from '../../../protocol/i18n/widget.en'

export const ar: Strings = {
  dir: 'rtl',
  launcher: { open: 'فتح المحادثة', close: 'إغلاق المحادثة', unread: '{count} غير مقروءة' },
  panel: {
    label: 'محادثة مع {name}',
    close: 'إغلاق المحادثة',
    loading: 'جارٍ التحميل…',
    past: 'المحادثات السابقة',
  },
  welcome: {
    title: 'مرحبًا!',
    tagline: 'اسألنا عن أي شيء، يسعدنا أن نساعدك.',
  },
  replyTime: {
    in_a_few_minutes: 'يرد عادةً خلال دقائق',
    in_a_few_hours: 'يرد عادةً خلال ساعات',
    in_a_day: 'يرد عادةً خلال يوم',
  },
  prechat: {
    intro: 'أخبرنا قليلًا عن نفسك قبل أن نبدأ.',
    submit: 'بدء المحادثة',
    required: 'مطلوب',
    missing: '{field} مطلوب',
    invalidEmail: 'أدخل بريدًا إلكترونيًا مثل name@example.com',
  },
  composer: {
    label: 'اكتب رسالتك',
    placeholder: 'اكتب رسالتك…',
    send: 'إرسال الرسالة',
    attach: 'إرفاق ملف',
    remove: 'إزالة {name}',
  },
  messages: {
    label: 'الرسائل',
    older: 'تحميل الرسائل السابقة',
    newer: 'رسائل جديدة',
    empty: 'أرسل لنا رسالة وسنرد عليك.',
    you: 'أنت',
    bot: 'روبوت',
    team: 'الدعم',
    sending: 'جارٍ الإرسال…',
    queued: 'بانتظار الاتصال، ستُرسل تلقائيًا',
    failed: 'لم تُرسل',
    retry: 'إعادة المحاولة',
    sent: 'أُرسلت',
    read: 'قُرئت',
    typing: '{name} يكتب…',
    someone: 'شخص ما',
    download: 'تنزيل {name}',
    image: 'صورة {name}',
    file: 'ملف',
  },
  connection: {
    offline: 'أنت غير متصل. ستُرسل الرسائل عند عودة الاتصال.',
    reconnecting: 'جارٍ إعادة الاتصال…',
  },
  conversation: {
    end: 'إنهاء المحادثة',
    ended: 'انتهت هذه المحادثة.',
    startNew: 'بدء محادثة جديدة',
    startedNew: 'تم حل هذه المحادثة؛ بدأت رسالتك محادثة جديدة.',
  },
  rich: {
    emailLabel: 'بريدك الإلكتروني',
  },
  errors: {
    generic: 'حدث خطأ ما. حاول مرة أخرى.',
    load: 'تعذّر تحميل المحادثة.',
    retry: 'إعادة المحاولة',
    dismiss: 'إغلاق التنبيه',
  },
}
