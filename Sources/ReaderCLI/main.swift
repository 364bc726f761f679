print("reader")
