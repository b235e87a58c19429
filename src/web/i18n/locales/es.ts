import type { en, StringTree } from "./en.js";

/** Spanish. Same keys as {@link en}. */
export const es: StringTree<typeof en> = {
  app: {
    title: "Recollect",
    tagline: "Recupera decisiones anteriores de los chats de esta app",
    nav: { label: "Principal", chat: "Chat", permissions: "Permisos" },
    language: "Idioma",
    appPicker: "App",
    noApps: {
      title: "Todavía no hay apps: importa un historial de chats para preguntar sobre él.",
      import: "Importa un historial (archivos o carpetas):",
      sync: "O importa los historiales de los agentes de esta máquina:",
    },
    conversation: "Conversación",
    chats: "Chats",
    newChat: "Nuevo chat",
    noChats: "Esta app aún no tiene chats.",
    untitledChat: "Chat sin título",
    pickChat:
      "Chat nuevo: tu primer mensaje empieza un chat propio. Los chats importados son el archivo que lee el explorador.",
    ownChats: "Tus chats",
    importedChats: "Chats importados",
    noOwnChats: "Aún ninguno: un mensaje empieza uno.",
    archiveNotice:
      "Este es un chat importado, parte del archivo que lee el explorador; se queda como lo escribió su origen. Al enviar empiezas un chat propio nuevo.",
    composerLabel: "Mensaje",
    composerPlaceholder: "Pregunta por decisiones anteriores…",
    send: "Enviar",
    stop: "Detener",
    thinking: "Trabajando…",
    role: { user: "Tú", assistant: "Asistente" },
    storeReadOnly:
      "Este almacén es de solo lectura: puedes consultar sus chats, pero no se pueden guardar mensajes nuevos. Haz que el archivo del almacén y su carpeta admitan escritura para chatear.",
    appNotFound: "No se encontró esta app. Elige una app de la lista.",
    loadFailed: "No se pudo cargar: {{message}}",
    turnStopped: "Detenido.",
    serverUnreachable:
      "No se pudo contactar con el servidor de Recollect. ¿Sigue en marcha recollect serve?",
    notSent: "Tu mensaje no se envió: {{message}} Sigue en el cuadro de abajo.",
    connectionLost: "Se perdió la conexión con el servidor de Recollect durante este turno.",
    noAnswer: "Sin respuesta",
    retry: "Reintentar",
    chatHeader: {
      own: "Tu chat",
      kept: "Solo en Recollect",
      keptHint: "El agente eliminó el archivo de este chat; Recollect conserva su copia.",
    },
    earlier: {
      shown: "Se muestran los últimos {{shown}} de {{total}} mensajes.",
      load: "Cargar mensajes anteriores",
      shownPart: "Se muestran {{shown}} de {{total}} mensajes.",
      loadLater: "Cargar mensajes posteriores",
    },
    skipToContent: "Saltar al contenido",
    markdown: { details: "Detalles", taskDone: "Hecho", taskOpen: "Pendiente" },
    drawer: { close: "Cerrar" },
    target: {
      cited: "Mensaje citado",
      back: "Volver a la respuesta",
      notFound: "Este mensaje no está en el historial de esta app.",
    },
  },
  card: {
    title: "Historial de chats",
    accessibleName: "Exploración del historial de chats: {{query}}",
    question: "Pregunta",
    disclosure: "Se envía un historial acotado de esta misma app al Engine para la síntesis.",
    phase: {
      starting: "Iniciando la exploración…",
      searching: "Buscando en chats anteriores…",
      reading_one: "Leyendo {{count}} conversación relevante…",
      reading_other: "Leyendo {{count}} conversaciones relevantes…",
      checking_conflicts: "Comprobando decisiones contradictorias…",
      synthesizing: "Sintetizando la evidencia…",
    },
    counts: {
      searches_one: "{{count}} búsqueda",
      searches_other: "{{count}} búsquedas",
      reads_one: "{{count}} lectura",
      reads_other: "{{count}} lecturas",
    },
    status: {
      pending: "Explorando",
      complete: "Completo",
      no_match: "Sin coincidencias",
      partial: "Parcial",
      indexing: "Índice incompleto",
      conflict: "Conflicto",
      low_confidence: "Confianza baja",
      cancelled: "Cancelado",
      failed: "Error",
      evidence_only: "Solo evidencia",
    },
    chats_one: "{{count}} chat",
    chats_other: "{{count}} chats",
    targets_one: "{{count}} fuente de evidencia",
    targets_other: "{{count}} fuentes de evidencia",
    confidence: {
      high: "Confianza: alta",
      medium: "Confianza: media",
      low: "Confianza: baja",
    },
    noMatch: {
      title: "No se encontró ninguna conversación previa relevante",
      advice:
        "Esto no demuestra que nunca se haya hablado de ello: quizá se dijo con otras palabras o fuera de estos chats.",
    },
    indexing:
      "El índice del historial aún se está construyendo, así que el resultado puede estar incompleto.",
    partialReason: {
      synthesis_failed: "La síntesis falló, así que solo se muestra la evidencia observada.",
      tool_failed:
        "Una búsqueda o lectura falló por un error interno, así que puede faltar parte del historial.",
      index_incomplete: "El índice aún se estaba construyendo; puede que falten chats.",
      budget_exhausted: "El presupuesto de exploración se agotó antes de revisar todas las pistas.",
      results_truncated:
        "Algunos resultados de búsqueda o lectura se cortaron por su límite de tamaño.",
      citations_dropped: "Algunas citas no se pudieron verificar y se eliminaron.",
      report_clamped: "El informe se acortó para ajustarse a su límite de tamaño.",
      weak_evidence:
        "Se encontraron mensajes relacionados, pero responden a la pregunta solo débilmente: léelos antes de confiar en ellos.",
    },
    conflict: {
      title: "Afirmaciones contradictorias",
      note: "Lo más reciente orienta pero no decide: comprueba qué decisión sigue vigente.",
    },
    lowConfidence: "Confianza baja: tómalo como una pista que verificar, no como una respuesta.",
    cancelled: "Exploración cancelada. No se añadirá nada más a esta tarjeta.",
    failed: {
      title: "La exploración falló",
      kind: {
        precondition:
          "Falta un requisito (Pro o la configuración del Engine). Revisa tu configuración.",
        not_found: "No se encontró el historial solicitado en esta app.",
        invalid_input: "No se aceptó la pregunta. Reformúlala e inténtalo de nuevo.",
        user_cancelled: "Se denegó el permiso. Cámbialo en la página de Permisos para permitirlo.",
        budget_exhausted: "El presupuesto de exploración se agotó antes de encontrar algo.",
        provider: "El Engine no respondió como se esperaba. Inténtalo de nuevo en un momento.",
        rate_limited:
          "El Engine ha limitado las solicitudes. Espera un minuto y vuelve a intentarlo.",
        aborted: "La exploración se detuvo.",
        import_format: "No se pudo leer el historial guardado.",
        store_busy:
          "El almacén del historial está ocupado con otra tarea (una importación o el índice). Inténtalo de nuevo en un momento.",
        internal: "Algo salió mal. Inténtalo de nuevo.",
      },
    },
    evidenceOnly: {
      title: "La síntesis falló: solo se muestra la evidencia observada",
      note: "Estos fragmentos se observaron directamente en los chats de esta app. No se muestra ningún análisis del modelo.",
    },
    label: { analysis: "Análisis", evidence: "Evidencia" },
    findings: "Hallazgos",
    missingCoverage: "Sin cubrir",
    evidence: {
      untitled: "Chat sin título",
      role: { user: "Usuario", assistant: "Asistente" },
      compaction: "Resumen de compactación",
      truncated: "Fragmento acortado",
      ids: "Chat {{chat}} · mensaje {{message}}",
      open: "Abrir mensaje",
      openLabel: "Abrir mensaje {{message}} en «{{title}}»",
      changed: "Cambiado desde la cita",
      removed: "Ya no está en el chat",
      kept: "Solo en Recollect (su archivo se eliminó)",
    },
    legacy: {
      search: "Chats buscados",
      read: "Chat leído",
      chatNumber: "Chat {{id}}",
    },
  },
  consent: {
    title: "¿Permitir {{tool}}?",
    body: {
      explore_chat_history:
        "El explorador enviará al Engine, para la síntesis, un historial acotado solo de esta app.",
      read_chat: "El texto seleccionado del historial se enviará al modelo activo.",
      other: "Esta herramienta se ejecutará con los detalles siguientes.",
    },
    request: "Solicitud",
    allow: "Permitir",
    deny: "Denegar",
    changeLater: "Puedes cambiarlo en la página de Permisos.",
  },
  permissions: {
    title: "Permisos de herramientas",
    intro:
      "Elige si el asistente puede usar cada herramienta siempre, solo después de preguntarte o nunca.",
    tool: "Herramienta",
    permission: "Permiso",
    choice: { always: "Siempre", ask: "Preguntar", never: "Nunca" },
    defaultValue: "Predeterminado: {{value}}",
    saved: "Guardado",
    saveFailed: "No se pudo guardar: {{message}}",
    tools: {
      explore_chat_history: {
        name: "Explorar el historial de chats",
        disclosure:
          "Se puede enviar al Engine, para la síntesis, un historial acotado solo de esta app.",
      },
      read_chat: {
        name: "Leer chat",
        disclosure: "El texto seleccionado del historial se envía al modelo activo.",
      },
      set_chat_summary: {
        name: "Guardar resumen del chat",
        disclosure: "Guarda un título y un resumen para el chat actual.",
      },
      write_plan: {
        name: "Escribir plan",
        disclosure: "Escribe un plan para el chat actual (modo plan).",
      },
      exit_plan: {
        name: "Salir del plan",
        disclosure: "Sale del modo plan cuando el plan está listo.",
      },
      other: {
        name: "Otra herramienta",
        disclosure: "Una herramienta proporcionada por la aplicación anfitriona.",
      },
    },
  },
};
