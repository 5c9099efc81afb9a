import type { Strings } from '../../../protocol/i18n/widget.en'

export const pt: Strings = {
  dir: 'ltr',
  launcher: { open: 'Abrir chat', close: 'Fechar chat', unread: '{count} não lidas' },
  panel: {
    label: 'Chat com {name}',
    close: 'Fechar chat',
    loading: 'Carregando…',
    past: 'Conversas anteriores',
  },
  welcome: {
    title: 'Olá!',
    tagline: 'Pergunte o que quiser, teremos prazer em ajudar.',
  },
  replyTime: {
    in_a_few_minutes: 'Normalmente responde em poucos minutos',
    in_a_few_hours: 'Normalmente responde em poucas horas',
    in_a_day: 'Normalmente responde em um dia',
  },
  prechat: {
    intro: 'Conte-nos um pouco sobre você antes de começarmos.',
    submit: 'Iniciar conversa',
    required: 'obrigatório',
    missing: '{field} é obrigatório',
    invalidEmail: 'Digite um e-mail como nome@exemplo.com',
  },
  composer: {
    label: 'Digite sua mensagem',
    placeholder: 'Digite sua mensagem…',
    send: 'Enviar mensagem',
    attach: 'Anexar um arquivo',
    remove: 'Remover {name}',
  },
  messages: {
    label: 'Mensagens',
    older: 'Carregar mensagens anteriores',
    newer: 'Novas mensagens',
    empty: 'Envie uma mensagem e responderemos em breve.',
    you: 'Você',
    bot: 'Bot',
    team: 'Suporte',
    sending: 'Enviando…',
    queued: 'Aguardando conexão, será enviada automaticamente',
    failed: 'Não enviada',
    retry: 'Tentar de novo',
    sent: 'Enviada',
    read: 'Lida',
    typing: '{name} está digitando…',
    someone: 'Alguém',
    download: 'Baixar {name}',
    image: 'Imagem {name}',
    file: 'Arquivo',
  },
  connection: {
    offline: 'Você está sem conexão. As mensagens serão enviadas quando voltar a ficar on-line.',
    reconnecting: 'Reconectando…',
  },
  conversation: {
    end: 'Encerrar conversa',
    ended: 'Esta conversa foi encerrada.',
    startNew: 'Iniciar uma nova conversa',
    startedNew: 'Esta conversa foi resolvida; sua mensagem iniciou uma nova.',
  },
  rich: {
    emailLabel: 'Seu e-mail',
  },
  errors: {
    generic: 'Algo deu errado. Tente novamente.',
    load: 'Não foi possível carregar o chat.',
    retry: 'Tentar de novo',
    dismiss: 'Fechar aviso',
  },
}
