/**
 * Recollect's own fixed replies in each reply locale (issue 31: "English replies under zh-CN"):
 * what the offline router writes (help, greeting, acknowledgement, notices, the question back
 * under a card) and what the server stores for a turn that ended without an answer. A hosted
 * model answers in the person's language by itself; these texts are ours, so they follow the
 * locale the surface passes with the turn (`en` without one). Citations inside them are links
 * (`card/citation-link.ts`) whose text is the chat's title and the date.
 */
import type { ReplyLocale } from "../../../contracts/reply-locale.js";

/** Every fixed reply of one locale. Functions take values already made safe for the text. */
export interface FixedReplies {
  /** The reply to a question that is not about earlier chats (quotes no recall question). */
  readonly help: string;
  /** The reply to a greeting: a hello, then {@link help}. */
  readonly greeting: string;
  /** The acknowledgement of a statement: one word, so it is never cited for a note's terms. */
  readonly noted: string;
  /** The notice to a recall question when the explorer is not in the toolset. */
  readonly noHistory: string;
  /** The person declined the explorer. */
  readonly declined: string;
  /** The explorer failed with a classified error (its kind and safe message). */
  readonly explorerFailed: (kind: string, message: string) => string;
  /** The explorer's output could not be read. */
  readonly explorerUnreadable: string;
  /** After a drill-down read of `link` (a citation link). */
  readonly readDone: (link: string) => string;
  /** The person declined the drill-down read. */
  readonly readDeclined: string;
  /** The drill-down read failed with a classified error of `kind`. */
  readonly readFailed: (kind: string) => string;
  /** The drill-down read returned nothing readable. */
  readonly readUnreadable: string;
  /** Nothing else to say after a tool. */
  readonly done: string;
  /** Nothing relevant was found: the person is the only other source. */
  readonly askForContext: string;
  /** A low-confidence or `ask_user` report. */
  readonly askToConfirm: string;
  /** Conflicts with one standing statement at `link`. */
  readonly conflictOne: (link: string) => string;
  /** Conflicts with several standing statements, `links` already joined. */
  readonly conflictMany: (links: string) => string;
  /** How several links are joined. */
  readonly listSeparator: string;
  /** A citation's label: the chat's title (or {@link untitled}) and the day. */
  readonly citation: (title: string, day: string | null) => string;
  /** A chat without a title. */
  readonly untitled: string;
  /** The server's reply to a turn stopped before it answered. */
  readonly stopped: string;
  /** The server's reply to a turn that failed before it answered (the error's safe message). */
  readonly noAnswer: (message: string) => string;
}

const EN_HELP =
  "I look things up in this app's earlier chats. Ask me what was settled about a topic, or why something changed.";
const ES_HELP =
  "Busco en los chats anteriores de esta app. Pregúntame qué se decidió sobre un tema, o por qué cambió algo.";
const KO_HELP =
  "이 앱의 이전 채팅에서 찾아 드립니다. 어떤 주제에 대해 무엇이 정해졌는지, 또는 무언가가 왜 바뀌었는지 물어보세요.";
const PT_HELP =
  "Eu procuro nos chats anteriores deste app. Pergunte o que foi decidido sobre um assunto, ou por que algo mudou.";
const ZH_HELP =
  "我会在这个应用以前的聊天中查找。可以问我某个话题最后定了什么，或者某件事为什么改了。";

/** The fixed replies, per locale; `en` is the reference. */
export const FIXED_REPLIES: Readonly<Record<ReplyLocale, FixedReplies>> = {
  en: {
    help: EN_HELP,
    greeting: `Hello! ${EN_HELP}`,
    noted: "Noted.",
    noHistory:
      "I can't look up earlier chats here: history tools are not available in this context (they need Pro, an Engine-backed model, and the explorer's permission not set to never). Could you tell me what was decided?",
    declined: "You declined the history explorer, so I did not look at earlier chats.",
    explorerFailed: (kind, message) => `The history explorer failed (${kind}): ${message}`,
    explorerUnreadable: "The history explorer returned a result I could not read.",
    readDone: (link) => `I read the cited discussion (${link}) to check the exact wording.`,
    readDeclined: "You declined reading the cited discussion, so this rests on the report alone.",
    readFailed: (kind) =>
      `I could not read the cited discussion (${kind}), so this rests on the report alone.`,
    readUnreadable: "I could not read the cited discussion, so this rests on the report alone.",
    done: "Done.",
    askForContext:
      "Can you tell me roughly when it came up, or which feature it was about? Then I can look again.",
    askToConfirm: "Can you confirm this still holds before I rely on it?",
    conflictOne: (link) =>
      `The earlier chats disagree. Does the newest statement (${link}) still stand?`,
    conflictMany: (links) =>
      `The earlier chats disagree on more than one point. Do the newest statements (${links}) still stand?`,
    listSeparator: "; ",
    citation: (title, day) => (day === null ? `“${title}”` : `“${title}”, ${day}`),
    untitled: "untitled chat",
    stopped: "Stopped before an answer.",
    noAnswer: (message) => `No answer: ${message}`,
  },
  es: {
    help: ES_HELP,
    greeting: `¡Hola! ${ES_HELP}`,
    noted: "Anotado.",
    noHistory:
      "Aquí no puedo buscar en chats anteriores: las herramientas de historial no están disponibles en este contexto (necesitan Pro, un modelo con Engine y que el permiso del explorador no sea «nunca»). ¿Me cuentas qué se decidió?",
    declined: "Rechazaste el explorador de historial, así que no miré los chats anteriores.",
    explorerFailed: (kind, message) => `El explorador de historial falló (${kind}): ${message}`,
    explorerUnreadable: "El explorador de historial devolvió un resultado que no pude leer.",
    readDone: (link) => `Leí la conversación citada (${link}) para comprobar las palabras exactas.`,
    readDeclined:
      "Rechazaste leer la conversación citada, así que esto se basa solo en el informe.",
    readFailed: (kind) =>
      `No pude leer la conversación citada (${kind}), así que esto se basa solo en el informe.`,
    readUnreadable: "No pude leer la conversación citada, así que esto se basa solo en el informe.",
    done: "Hecho.",
    askForContext:
      "¿Puedes decirme más o menos cuándo salió, o de qué función se trataba? Así puedo buscar de nuevo.",
    askToConfirm: "¿Puedes confirmar que esto sigue vigente antes de que me base en ello?",
    conflictOne: (link) =>
      `Los chats anteriores no coinciden. ¿Sigue vigente la afirmación más reciente (${link})?`,
    conflictMany: (links) =>
      `Los chats anteriores no coinciden en más de un punto. ¿Siguen vigentes las afirmaciones más recientes (${links})?`,
    listSeparator: "; ",
    citation: (title, day) => (day === null ? `«${title}»` : `«${title}», ${day}`),
    untitled: "chat sin título",
    stopped: "Detenido antes de responder.",
    noAnswer: (message) => `Sin respuesta: ${message}`,
  },
  ko: {
    help: KO_HELP,
    greeting: `안녕하세요! ${KO_HELP}`,
    noted: "기록했습니다.",
    noHistory:
      "여기서는 이전 채팅을 찾아볼 수 없습니다. 이 환경에서는 기록 도구를 쓸 수 없습니다(Pro, Engine 기반 모델, 그리고 탐색기 권한이 '안 함'이 아니어야 합니다). 무엇이 정해졌는지 알려 주시겠어요?",
    declined: "기록 탐색기를 거부하셔서 이전 채팅을 보지 않았습니다.",
    explorerFailed: (kind, message) => `기록 탐색기가 실패했습니다 (${kind}): ${message}`,
    explorerUnreadable: "기록 탐색기가 읽을 수 없는 결과를 돌려주었습니다.",
    readDone: (link) => `정확한 표현을 확인하려고 인용된 대화(${link})를 읽었습니다.`,
    readDeclined: "인용된 대화 읽기를 거부하셔서 이 답은 보고서에만 근거합니다.",
    readFailed: (kind) => `인용된 대화를 읽지 못해서(${kind}) 이 답은 보고서에만 근거합니다.`,
    readUnreadable: "인용된 대화를 읽지 못해서 이 답은 보고서에만 근거합니다.",
    done: "완료했습니다.",
    askForContext:
      "대략 언제 나온 이야기인지, 또는 어떤 기능에 관한 것이었는지 알려 주시겠어요? 그러면 다시 찾아보겠습니다.",
    askToConfirm: "제가 이것에 기대기 전에 아직 유효한지 확인해 주시겠어요?",
    conflictOne: (link) =>
      `이전 채팅들의 내용이 서로 다릅니다. 가장 최근 발언(${link})이 아직 유효한가요?`,
    conflictMany: (links) =>
      `이전 채팅들의 내용이 여러 부분에서 서로 다릅니다. 가장 최근 발언들(${links})이 아직 유효한가요?`,
    listSeparator: "; ",
    citation: (title, day) => (day === null ? `“${title}”` : `“${title}”, ${day}`),
    untitled: "제목 없는 채팅",
    stopped: "답하기 전에 중지되었습니다.",
    noAnswer: (message) => `답 없음: ${message}`,
  },
  "pt-BR": {
    help: PT_HELP,
    greeting: `Olá! ${PT_HELP}`,
    noted: "Anotado.",
    noHistory:
      "Aqui não consigo consultar chats anteriores: as ferramentas de histórico não estão disponíveis neste contexto (precisam do Pro, de um modelo com Engine e da permissão do explorador diferente de “nunca”). Você pode me dizer o que foi decidido?",
    declined: "Você recusou o explorador de histórico, então não olhei os chats anteriores.",
    explorerFailed: (kind, message) => `O explorador de histórico falhou (${kind}): ${message}`,
    explorerUnreadable: "O explorador de histórico devolveu um resultado que não consegui ler.",
    readDone: (link) => `Li a conversa citada (${link}) para conferir as palavras exatas.`,
    readDeclined:
      "Você recusou a leitura da conversa citada, então isto se baseia só no relatório.",
    readFailed: (kind) =>
      `Não consegui ler a conversa citada (${kind}), então isto se baseia só no relatório.`,
    readUnreadable: "Não consegui ler a conversa citada, então isto se baseia só no relatório.",
    done: "Pronto.",
    askForContext:
      "Você pode me dizer mais ou menos quando isso surgiu, ou de qual recurso se tratava? Assim posso procurar de novo.",
    askToConfirm: "Você pode confirmar que isto ainda vale antes que eu me apoie nisso?",
    conflictOne: (link) =>
      `Os chats anteriores divergem. A afirmação mais recente (${link}) ainda vale?`,
    conflictMany: (links) =>
      `Os chats anteriores divergem em mais de um ponto. As afirmações mais recentes (${links}) ainda valem?`,
    listSeparator: "; ",
    citation: (title, day) => (day === null ? `“${title}”` : `“${title}”, ${day}`),
    untitled: "chat sem título",
    stopped: "Interrompido antes de uma resposta.",
    noAnswer: (message) => `Sem resposta: ${message}`,
  },
  "zh-CN": {
    help: ZH_HELP,
    greeting: `你好！${ZH_HELP}`,
    noted: "已记下。",
    noHistory:
      "这里无法查找以前的聊天：此环境中没有历史工具（需要 Pro、基于 Engine 的模型，并且探索器的权限不是“从不”）。能告诉我当时决定了什么吗？",
    declined: "你拒绝了历史探索器，所以我没有查看以前的聊天。",
    explorerFailed: (kind, message) => `历史探索器失败（${kind}）：${message}`,
    explorerUnreadable: "历史探索器返回了我无法读取的结果。",
    readDone: (link) => `我读了被引用的讨论（${link}），核对了原话。`,
    readDeclined: "你拒绝读取被引用的讨论，所以这里只依据报告。",
    readFailed: (kind) => `我没能读取被引用的讨论（${kind}），所以这里只依据报告。`,
    readUnreadable: "我没能读取被引用的讨论，所以这里只依据报告。",
    done: "完成。",
    askForContext: "能告诉我这大概是什么时候提到的，或者是关于哪个功能的吗？这样我可以再找一次。",
    askToConfirm: "在我依据它之前，能确认这一点现在仍然成立吗？",
    conflictOne: (link) => `以前的聊天说法不一致。最新的说法（${link}）现在还成立吗？`,
    conflictMany: (links) =>
      `以前的聊天在不止一处说法不一致。最新的这些说法（${links}）现在还成立吗？`,
    listSeparator: "；",
    citation: (title, day) => (day === null ? `“${title}”` : `“${title}”，${day}`),
    untitled: "无标题聊天",
    stopped: "在回答之前已停止。",
    noAnswer: (message) => `没有回答：${message}`,
  },
};
