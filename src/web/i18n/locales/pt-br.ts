import type { en, StringTree } from "./en.js";

/** Brazilian Portuguese. Same keys as {@link en}. */
export const ptBR: StringTree<typeof en> = {
  app: {
    title: "Recollect",
    tagline: "Recupere decisões anteriores dos chats deste app",
    nav: { label: "Principal", chat: "Chat", permissions: "Permissões" },
    language: "Idioma",
    appPicker: "App",
    noApps: {
      title: "Ainda não há apps: importe um histórico de chats para perguntar sobre ele.",
      import: "Importe um histórico (arquivos ou pastas):",
      sync: "Ou importe os históricos dos agentes desta máquina:",
    },
    conversation: "Conversa",
    chats: "Chats",
    newChat: "Novo chat",
    noChats: "Este app ainda não tem chats.",
    untitledChat: "Chat sem título",
    pickChat:
      "Novo chat: sua primeira mensagem começa um chat seu. Os chats importados são o arquivo que o explorador lê.",
    ownChats: "Seus chats",
    importedChats: "Chats importados",
    noOwnChats: "Nenhum ainda: uma mensagem começa um.",
    archiveNotice:
      "Este é um chat importado, parte do arquivo que o explorador lê; ele fica como a origem o escreveu. Enviar começa um novo chat seu.",
    composerLabel: "Mensagem",
    composerPlaceholder: "Pergunte sobre decisões anteriores…",
    send: "Enviar",
    stop: "Parar",
    thinking: "Trabalhando…",
    role: { user: "Você", assistant: "Assistente" },
    storeReadOnly:
      "Este armazenamento é somente leitura: você pode navegar pelos chats, mas novas mensagens não podem ser salvas. Torne o arquivo do armazenamento e a pasta graváveis para conversar.",
    appNotFound: "Este app não foi encontrado. Escolha um app da lista.",
    loadFailed: "Não foi possível carregar: {{message}}",
    turnStopped: "Interrompido.",
    serverUnreachable:
      "Não foi possível acessar o servidor do Recollect. O recollect serve ainda está em execução?",
    notSent: "Sua mensagem não foi enviada: {{message}} Ela continua na caixa abaixo.",
    connectionLost: "A conexão com o servidor do Recollect caiu durante esta resposta.",
    noAnswer: "Sem resposta",
    retry: "Tentar novamente",
    chatHeader: {
      own: "Seu chat",
      kept: "Só no Recollect",
      keptHint: "O agente excluiu o arquivo deste chat; o Recollect guarda sua cópia.",
    },
    earlier: {
      shown: "Mostrando as últimas {{shown}} de {{total}} mensagens.",
      load: "Carregar mensagens anteriores",
      shownPart: "Mostrando {{shown}} de {{total}} mensagens.",
      loadLater: "Carregar mensagens posteriores",
    },
    skipToContent: "Pular para o conteúdo",
    markdown: { details: "Detalhes", taskDone: "Feito", taskOpen: "A fazer" },
    drawer: { close: "Fechar" },
    target: {
      cited: "Mensagem citada",
      back: "Voltar para a resposta",
      notFound: "Esta mensagem não está no histórico deste app.",
    },
  },
  card: {
    title: "Histórico de chats",
    accessibleName: "Exploração do histórico de chats: {{query}}",
    question: "Pergunta",
    disclosure: "Um histórico limitado deste mesmo app é enviado ao Engine para a síntese.",
    phase: {
      starting: "Iniciando a exploração…",
      searching: "Pesquisando chats anteriores…",
      reading_one: "Lendo {{count}} conversa relevante…",
      reading_other: "Lendo {{count}} conversas relevantes…",
      checking_conflicts: "Verificando decisões conflitantes…",
      synthesizing: "Sintetizando as evidências…",
    },
    counts: {
      searches_one: "{{count}} pesquisa",
      searches_other: "{{count}} pesquisas",
      reads_one: "{{count}} leitura",
      reads_other: "{{count}} leituras",
    },
    status: {
      pending: "Explorando",
      complete: "Concluído",
      no_match: "Nenhum resultado",
      partial: "Parcial",
      indexing: "Índice incompleto",
      conflict: "Conflito",
      low_confidence: "Baixa confiança",
      cancelled: "Cancelado",
      failed: "Falhou",
      evidence_only: "Somente evidências",
    },
    chats_one: "{{count}} chat",
    chats_other: "{{count}} chats",
    targets_one: "{{count}} fonte de evidência",
    targets_other: "{{count}} fontes de evidência",
    confidence: {
      high: "Confiança: alta",
      medium: "Confiança: média",
      low: "Confiança: baixa",
    },
    noMatch: {
      title: "Nenhuma discussão anterior relevante encontrada",
      advice:
        "Isso não prova que o assunto nunca foi discutido: pode ter sido dito com outras palavras ou fora destes chats.",
    },
    indexing:
      "O índice do histórico ainda está sendo criado, então o resultado pode estar incompleto.",
    partialReason: {
      synthesis_failed: "A síntese falhou, então somente as evidências observadas são exibidas.",
      tool_failed:
        "Uma busca ou leitura falhou por um erro interno, então parte do histórico pode estar faltando.",
      index_incomplete: "O índice ainda estava sendo criado; alguns chats podem estar faltando.",
      budget_exhausted:
        "O orçamento da exploração acabou antes de todas as pistas serem verificadas.",
      results_truncated:
        "Alguns resultados de pesquisa ou leitura foram cortados no limite de tamanho.",
      citations_dropped: "Algumas citações não puderam ser verificadas e foram removidas.",
      report_clamped: "O relatório foi encurtado para caber no limite de tamanho.",
      weak_evidence:
        "Foram encontradas mensagens relacionadas, mas elas respondem à pergunta apenas de forma fraca: leia-as antes de confiar nelas.",
    },
    conflict: {
      title: "Afirmações conflitantes",
      note: "O mais recente orienta, mas não decide: verifique qual decisão continua válida.",
    },
    lowConfidence: "Baixa confiança: trate isto como uma pista a verificar, não como uma resposta.",
    cancelled: "Exploração cancelada. Nada mais será adicionado a este cartão.",
    failed: {
      title: "A exploração falhou",
      kind: {
        precondition:
          "Falta um requisito (Pro ou as configurações do Engine). Verifique sua configuração.",
        not_found: "O histórico solicitado não foi encontrado neste app.",
        invalid_input: "A pergunta não foi aceita. Reformule e tente novamente.",
        user_cancelled: "A permissão foi negada. Altere-a na página Permissões para permitir.",
        budget_exhausted: "O orçamento da exploração acabou antes de encontrar algo.",
        provider: "O Engine não respondeu como esperado. Tente novamente em instantes.",
        rate_limited:
          "O Engine está limitando as solicitações. Aguarde um minuto e tente novamente.",
        aborted: "A exploração foi interrompida.",
        import_format: "Não foi possível ler o histórico salvo.",
        store_busy:
          "O armazenamento do histórico está ocupado com outra tarefa (uma importação ou o índice). Tente novamente em instantes.",
        internal: "Algo deu errado. Tente novamente.",
      },
    },
    evidenceOnly: {
      title: "A síntese falhou: exibindo somente as evidências observadas",
      note: "Estes trechos foram observados diretamente nos chats deste app. Nenhuma análise do modelo é exibida.",
    },
    label: { analysis: "Análise", evidence: "Evidência" },
    findings: "Conclusões",
    missingCoverage: "Não coberto",
    evidence: {
      untitled: "Chat sem título",
      role: { user: "Usuário", assistant: "Assistente" },
      compaction: "Resumo de compactação",
      truncated: "Trecho encurtado",
      ids: "Chat {{chat}} · mensagem {{message}}",
      open: "Abrir mensagem",
      openLabel: "Abrir mensagem {{message}} em “{{title}}”",
      changed: "Alterado desde a citação",
      removed: "Não está mais no chat",
      kept: "Só no Recollect (o arquivo foi excluído)",
    },
    legacy: {
      search: "Chats pesquisados",
      read: "Chat lido",
      chatNumber: "Chat {{id}}",
    },
  },
  consent: {
    title: "Permitir {{tool}}?",
    body: {
      explore_chat_history:
        "O explorador enviará ao Engine, para a síntese, um histórico limitado somente deste app.",
      read_chat: "O texto selecionado do histórico será enviado ao modelo ativo.",
      other: "Esta ferramenta será executada com os detalhes abaixo.",
    },
    request: "Solicitação",
    allow: "Permitir",
    deny: "Negar",
    changeLater: "Você pode alterar isso na página Permissões.",
  },
  permissions: {
    title: "Permissões das ferramentas",
    intro:
      "Escolha se o assistente pode usar cada ferramenta sempre, somente depois de perguntar ou nunca.",
    tool: "Ferramenta",
    permission: "Permissão",
    choice: { always: "Sempre", ask: "Perguntar", never: "Nunca" },
    defaultValue: "Padrão: {{value}}",
    saved: "Salvo",
    saveFailed: "Não foi possível salvar: {{message}}",
    tools: {
      explore_chat_history: {
        name: "Explorar histórico de chats",
        disclosure:
          "Um histórico limitado somente deste app pode ser enviado ao Engine para a síntese.",
      },
      read_chat: {
        name: "Ler chat",
        disclosure: "O texto selecionado do histórico é enviado ao modelo ativo.",
      },
      set_chat_summary: {
        name: "Definir resumo do chat",
        disclosure: "Salva um título e um resumo para o chat atual.",
      },
      write_plan: {
        name: "Escrever plano",
        disclosure: "Escreve um plano para o chat atual (modo plano).",
      },
      exit_plan: {
        name: "Sair do plano",
        disclosure: "Sai do modo plano quando o plano está pronto.",
      },
      other: {
        name: "Outra ferramenta",
        disclosure: "Uma ferramenta fornecida pelo aplicativo anfitrião.",
      },
    },
  },
};
