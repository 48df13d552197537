"""A deck's data files read into rows that remember where they came from: CSV, .xlsx and .ods sheets."""
