# origin: update hunt (2026-12-02, profile update-delete-where seed 354): a negative decimal is a valid literal in QuadData (#rNumericLiteral, #rINTEGER_NEGATIVE...); RDFLib raises TypeError: Not a number
INSERT DATA { <http://example.org/a> <http://example.org/p> -1.5 }
