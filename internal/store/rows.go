package store

import (
	"database/sql"
	"fmt"
)

// forRows runs row once per row of a query's result and closes it: rows
// and err are what QueryContext returned, a query error is wrapped as
// "store: <what>: …". row reads the current row (rows.Scan); its error
// ends the loop and is returned as is, as is the result's own (rows.Err).
// Every read of more than one row goes through it, so none forgets to
// close its rows or to check rows.Err.
func forRows(rows *sql.Rows, err error, what string, row func() error) error {
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := row(); err != nil {
			return err
		}
	}
	return rows.Err()
}
