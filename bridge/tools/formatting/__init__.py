"""data_formatter's parsing, sorting and chart drawing."""
