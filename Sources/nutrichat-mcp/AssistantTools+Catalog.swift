import MCP

extension AssistantTools {
    /// The tools as `tools/list` shows them, with JSON Schemas for their arguments.
    static let catalog: [Tool] = [
        Tool(
            name: "log_meal",
            description: """
                Log food or drink the person had, from their own words ("2 eggs and toast for breakfast", \
                "a glass of milk yesterday at dinner"), with USDA nutrient values. Answers the chat reply object: \
                what was logged, or a question in "pending" ("How much rice?") to answer with the chat tool.
                """,
            inputSchema: schema(["text": string("What was eaten or drunk, as the person said it.")], required: ["text"]),
            annotations: .init(title: "Log a meal", readOnlyHint: false, destructiveHint: false, openWorldHint: false)),
        Tool(
            name: "chat",
            description: """
                Send one message to NutriChat as the person would type it: logging, corrections ("actually 3 eggs"), \
                undo, answers to its question, exercise, weight, water, goals, questions about foods or progress. \
                Answers the chat reply object (intent, reply, pending, logged).
                """,
            inputSchema: schema(["message": string("The message.")], required: ["message"]),
            annotations: .init(title: "Chat", readOnlyHint: false, destructiveHint: true, openWorldHint: false)),
        Tool(
            name: "parse_meal",
            description: "Read a meal description into foods, amounts, grams and nutrients without logging anything.",
            inputSchema: schema(["text": string("A meal description.")], required: ["text"]),
            annotations: .init(title: "Parse a meal", readOnlyHint: true, openWorldHint: false)),
        Tool(
            name: "search_foods",
            description: "Ranked foods (USDA SR24 and the person's own foods and recipes) for an everyday name.",
            inputSchema: schema([
                "query": string("What to look for, e.g. \"2% milk\"."),
                "limit": .object(["type": "integer", "minimum": 1, "maximum": 100, "description": "How many (default 10)."]),
            ], required: ["query"]),
            annotations: .init(title: "Search foods", readOnlyHint: true, openWorldHint: false)),
        Tool(
            name: "show_food",
            description: "One food by id (e.g. usda:09040): nutrients per 100 g and per household measure.",
            inputSchema: schema(["id": string("A food id from search_foods.")], required: ["id"]),
            annotations: .init(title: "Show a food", readOnlyHint: true, openWorldHint: false)),
        Tool(
            name: "read_diary",
            description: "The journal of one day: entries by meal with subtotals, the day's totals, water and exercise.",
            inputSchema: schema(["date": string("YYYY-MM-DD; default today.")], required: []),
            annotations: .init(title: "Read the diary", readOnlyHint: true, openWorldHint: false)),
        Tool(
            name: "read_report",
            description: """
                A report of a day, week or month: energy against the goal, macros, weight, top foods, vitamins and \
                minerals against the DRIs, streaks and patterns.
                """,
            inputSchema: schema([
                "period": .object(["type": "string", "enum": ["day", "week", "month"], "description": "Default week."]),
                "date": string("A day inside the period, YYYY-MM-DD; default today."),
            ], required: []),
            annotations: .init(title: "Read a report", readOnlyHint: true, openWorldHint: false)),
    ]

    private static func string(_ description: String) -> Value {
        .object(["type": "string", "description": .string(description)])
    }

    private static func schema(_ properties: [String: Value], required: [String]) -> Value {
        .object([
            "type": "object", "properties": .object(properties),
            "required": .array(required.map { .string($0) }), "additionalProperties": false,
        ])
    }
}
