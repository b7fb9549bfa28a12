# boardwright from GDScript: a witches board drawn as a PNG texture, a hexet
# road played, a witches potion brewed, and a refusal read in words. Attach
# to any node of a project with the extension in res://addons/boardwright/.
extends Node

func _ready() -> void:
	print("boardwright ", Boardwright.version())

	var board_json := Boardwright.generate("witches", "Tiamo", "players = 3", "", "")
	var board = JSON.parse_string(board_json)
	print("a witches board for ", board["params"]["players"], " players")
	var png := Boardwright.draw(board_json, "png", "paper=a5&dpi=100")
	var image := Image.new()
	image.load_png_from_buffer(png)
	var sprite := Sprite2D.new()
	sprite.texture = ImageTexture.create_from_image(image)
	add_child(sprite)

	var game := BoardwrightGame.new()
	if game.start("Tiamo", "players = 2", ""):
		# JSON.parse_string reads every number as a float: cells are whole numbers.
		var tower = JSON.parse_string(game.result())["tower"]
		var q := int(tower[0])
		var r := int(tower[1])
		var road := {"player": 0, "from": [q, r], "to": [q, r + 1]}
		var change := game.apply(JSON.stringify(road))
		if change.is_empty():
			# A river runs between them: a bridge crosses it.
			road["type"] = "bridge"
			change = game.apply(JSON.stringify(road))
		print("a road out of the tower: ", change, "; scores ", game.scores())

	var recipe := BoardwrightRecipe.new()
	if recipe.start("Tiamo", "", ""):
		var first: String = JSON.parse_string(recipe.clue())["ingredients"][0]
		print("the cauldron answers ", recipe.brew(first + ":2"))

	if Boardwright.generate("universe", "Tiamo", "players = 50", "", "").is_empty():
		print("refused: ", Boardwright.last_error(), " (", Boardwright.last_error_parameter(), ")")
